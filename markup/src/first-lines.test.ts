import { firstLines } from './first-lines';

const lines = (count: number) => Array.from({ length: count }, (_, index) => `Line ${index + 1}`);

describe('firstLines', () => {
  it('keeps a text of exactly the limit whole', () => {
    const text = lines(15).join('\n');
    expect(firstLines(text, 15)).toEqual({ text, truncated: false });
  });

  it('cuts a longer text after the limit, markup and blank lines counted as lines', () => {
    const text = ['# Title', '', ...lines(14)].join('\n');
    expect(firstLines(text, 15)).toEqual({ text: ['# Title', '', ...lines(13)].join('\n'), truncated: true });
  });

  it('reads Windows and old Mac line ends as line ends', () => {
    expect(firstLines('a\r\nb\rc', 2)).toEqual({ text: 'a\nb', truncated: true });
  });

  it('does not count trailing blank lines', () => {
    expect(firstLines(`${lines(3).join('\n')}\n\n\n`, 3)).toEqual({ text: lines(3).join('\n'), truncated: false });
  });

  it.each([null, undefined, ''])('gives an empty text for %p', (text) => {
    expect(firstLines(text, 15)).toEqual({ text: '', truncated: false });
  });
});
