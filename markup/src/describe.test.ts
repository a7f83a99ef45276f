import { describeText } from './describe';

describe('describeText', () => {
  it('gives the words without markup, on one line, leaving the headings out', () => {
    expect(describeText('# Rearmament\n\n> **Europe** spends [more](https://example.com)\nthan ever')).toBe(
      'Europe spends more than ever',
    );
  });

  it('says what the headings say when the text has nothing else', () => {
    expect(describeText('# Rearmament\n## In numbers')).toBe('Rearmament In numbers');
  });

  it('keeps a short text whole', () => {
    expect(describeText('Short text.', 20)).toBe('Short text.');
  });

  it('cuts a long text between words, with an ellipsis, within the length', () => {
    const description = describeText('Defense budgets rose again, across every member state, in 2025.', 30) as string;
    expect(description).toBe('Defense budgets rose again…');
    expect(description.length).toBeLessThanOrEqual(30);
  });

  it('never cuts a character in half', () => {
    expect(describeText('🛡️🛡️🛡️🛡️🛡️🛡️', 4)).toBe('🛡️🛡️🛡️…');
  });

  it('counts characters as a reader does: as many as the length, in more code units, are kept whole', () => {
    expect(describeText('🛡️🛡️🛡️🛡️', 4)).toBe('🛡️🛡️🛡️🛡️');
    expect(describeText('Nai\u0308ve cafe\u0301', 10)).toBe('Nai\u0308ve cafe\u0301');
  });

  it('has nothing to say for a text without words', () => {
    expect(describeText(null)).toBeUndefined();
    expect(describeText('\n\n  \n')).toBeUndefined();
  });
});
