import { logFormatOf } from './log-format';

describe('LOG_FORMAT', () => {
  it('is json or readable as set, and the server’s own default when unset', () => {
    expect(logFormatOf('json', 'readable')).toBe('json');
    expect(logFormatOf('readable', 'json')).toBe('readable');
    expect(logFormatOf(undefined, 'json')).toBe('json');
    expect(logFormatOf('', 'readable')).toBe('readable');
  });

  it('refuses any other value in one line that names the variable and the values it takes', () => {
    expect(() => logFormatOf('pretty', 'json')).toThrow('LOG_FORMAT must be json or readable, not "pretty".');
    expect(() => logFormatOf('JSON', 'json')).toThrow(/^LOG_FORMAT must be json or readable/);
  });
});
