import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { clockTime, formatArticleDate, relativeTime } from './dates';

describe('formatArticleDate', () => {
  it('writes the date en-US, short month, in capitals', () => {
    expect(formatArticleDate('2025-01-05')).toBe('JAN 5, 2025');
    expect(formatArticleDate('2024-09-30')).toBe('SEP 30, 2024');
  });

  it('keeps the day in a zone west of UTC (the zone these tests run in)', () => {
    expect(new Date('2025-01-01').getDate()).toBe(31); // the zone is really behind UTC
    expect(formatArticleDate('2025-01-01')).toBe('JAN 1, 2025');
    expect(formatArticleDate('2024-12-31')).toBe('DEC 31, 2024');
  });

  it('keeps the day in every time zone', () => {
    // The time zone of a running process is fixed for Jest, so each zone gets a process of its own.
    const source = readFileSync(join(__dirname, 'dates.ts'), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    const script = `${outputText}\nprocess.stdout.write(JSON.stringify(['2025-01-01', '2024-12-31'].map(exports.formatArticleDate)));`;
    for (const zone of ['Pacific/Kiritimati', 'Asia/Tokyo', 'UTC', 'America/Sao_Paulo', 'Pacific/Pago_Pago']) {
      const output = execFileSync(process.execPath, ['-e', script], { env: { ...process.env, TZ: zone } });
      expect([zone, JSON.parse(String(output))]).toEqual([zone, ['JAN 1, 2025', 'DEC 31, 2024']]);
    }
  });

  it('shows nothing for an unreadable date', () => {
    expect(formatArticleDate('not a date')).toBe('');
  });
});

describe('relativeTime', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const ago = (seconds: number) => relativeTime(new Date(now.getTime() - seconds * 1000), now);
  const DAY = 86400;

  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1 minute ago'],
    [119, '1 minute ago'],
    [120, '2 minutes ago'],
    [3599, '59 minutes ago'],
    [3600, '1 hour ago'],
    [7200, '2 hours ago'],
    [DAY - 1, '23 hours ago'],
    [DAY, '1 day ago'],
    [2 * DAY, '2 days ago'],
    [604799, '6 days ago'],
    [604800, '1 week ago'],
    [2 * 604800, '2 weeks ago'],
    [30 * DAY - 1, '4 weeks ago'],
    [30 * DAY, '1 month ago'],
    [60 * DAY, '2 months ago'],
    [365 * DAY - 1, '12 months ago'],
    [365 * DAY, '1 year ago'],
    [730 * DAY, '2 years ago'],
  ])('%i seconds ago reads %s', (seconds, expected) => {
    expect(ago(seconds)).toBe(expected);
  });

  it('reads a date ahead of the clock as just now', () => {
    expect(ago(-3600)).toBe('just now');
  });

  it('reads the publishedAt text of a comment', () => {
    expect(relativeTime('2025-06-15T11:55:00.000Z', now)).toBe('5 minutes ago');
  });

  it('shows nothing for an unreadable date', () => {
    expect(relativeTime('soon', now)).toBe('');
  });
});

describe('clockTime', () => {
  it.each([
    [0, '0:00'],
    [7.9, '0:07'],
    [59, '0:59'],
    [60, '1:00'],
    [754, '12:34'],
    [3723, '1:02:03'],
  ])('%d seconds read %s', (seconds, expected) => {
    expect(clockTime(seconds)).toBe(expected);
  });

  it('reads a length not yet known (NaN before the metadata, Infinity for a stream) as 0:00', () => {
    expect(clockTime(Number.NaN)).toBe('0:00');
    expect(clockTime(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(clockTime(-1)).toBe('0:00');
  });
});
