import { parseMarkup } from './parse';

const text = (value: string) => ({ type: 'text', text: value });

describe('parseMarkup', () => {
  it('makes headings of lines starting with 1 to 4 hashes and a space', () => {
    expect(parseMarkup('# One\n## Two\n### Three\n#### Four')).toEqual([
      { type: 'heading', level: 1, children: [text('One')] },
      { type: 'heading', level: 2, children: [text('Two')] },
      { type: 'heading', level: 3, children: [text('Three')] },
      { type: 'heading', level: 4, children: [text('Four')] },
    ]);
  });

  it('leaves five hashes, or hashes without a space, as ordinary text', () => {
    expect(parseMarkup('##### Five\n#hashtag')).toEqual([
      { type: 'paragraph', children: [text('##### Five')] },
      { type: 'paragraph', children: [text('#hashtag')] },
    ]);
  });

  it('makes quotes of lines starting with >, dropping the > and one space', () => {
    expect(parseMarkup('> Quoted\n>Tight\n>  Indented')).toEqual([
      { type: 'quote', children: [text('Quoted')] },
      { type: 'quote', children: [text('Tight')] },
      { type: 'quote', children: [text(' Indented')] },
    ]);
  });

  it('makes a break of each blank line and a paragraph of every other line', () => {
    expect(parseMarkup('First\r\n\r\n  \nSecond\n')).toEqual([
      { type: 'paragraph', children: [text('First')] },
      { type: 'break' },
      { type: 'break' },
      { type: 'paragraph', children: [text('Second')] },
    ]);
  });

  it('has nothing for an empty text', () => {
    expect(parseMarkup('')).toEqual([]);
    expect(parseMarkup(' \n \n')).toEqual([]);
  });

  it('makes links of label and target pairs', () => {
    expect(parseMarkup('See [the report](https://example.com/r?a=1) and [notes](/Articles#notes).')).toEqual([
      {
        type: 'paragraph',
        children: [
          text('See '),
          { type: 'link', href: 'https://example.com/r?a=1', external: true, children: [text('the report')] },
          text(' and '),
          { type: 'link', href: '/Articles#notes', external: false, children: [text('notes')] },
          text('.'),
        ],
      },
    ]);
  });

  it('keeps balanced parentheses inside a link target', () => {
    expect(parseMarkup('[Leopard](https://en.wikipedia.org/wiki/Leopard_2_(tank))')).toEqual([
      {
        type: 'paragraph',
        children: [
          {
            type: 'link',
            href: 'https://en.wikipedia.org/wiki/Leopard_2_(tank)',
            external: true,
            children: [text('Leopard')],
          },
        ],
      },
    ]);
  });

  it('makes links in headings and quotes too', () => {
    const [heading, quote] = parseMarkup('## [Sources](#sources)\n> [Mail](mailto:a@example.com)');
    expect(heading).toEqual({
      type: 'heading',
      level: 2,
      children: [{ type: 'link', href: '#sources', external: false, children: [text('Sources')] }],
    });
    expect(quote).toEqual({
      type: 'quote',
      children: [{ type: 'link', href: 'mailto:a@example.com', external: false, children: [text('Mail')] }],
    });
  });

  it('makes strong text of bold in paragraphs, headings and quotes', () => {
    const strong = (value: string) => ({ type: 'strong', children: [text(value)] });
    expect(parseMarkup('A **bold** claim\n## The **real** cost\n> **Never** trust')).toEqual([
      { type: 'paragraph', children: [text('A '), strong('bold'), text(' claim')] },
      { type: 'heading', level: 2, children: [text('The '), strong('real'), text(' cost')] },
      { type: 'quote', children: [strong('Never'), text(' trust')] },
    ]);
  });

  it('keeps each bold span to itself', () => {
    expect(parseMarkup('**One** and **two**')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'strong', children: [text('One')] },
          text(' and '),
          { type: 'strong', children: [text('two')] },
        ],
      },
    ]);
  });

  it('combines bold and links', () => {
    expect(parseMarkup('**[a](/x)** [**b**](/y) **see [c](https://example.com/c) now**')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'strong', children: [{ type: 'link', href: '/x', external: false, children: [text('a')] }] },
          text(' '),
          { type: 'link', href: '/y', external: false, children: [{ type: 'strong', children: [text('b')] }] },
          text(' '),
          {
            type: 'strong',
            children: [
              text('see '),
              { type: 'link', href: 'https://example.com/c', external: true, children: [text('c')] },
              text(' now'),
            ],
          },
        ],
      },
    ]);
  });

  it.each(['A **bold claim', 'A bold** claim', '****', 'Two lines **cut\nin half**'])(
    'leaves unbalanced or empty bold markup %p as written',
    (written) => {
      expect(parseMarkup(written)).toEqual(
        written.split('\n').map((line) => ({ type: 'paragraph', children: [text(line)] })),
      );
    },
  );

  it('closes bold at the first pair of asterisks and leaves a lone pair after it as written', () => {
    expect(parseMarkup('**a** b**')).toEqual([
      { type: 'paragraph', children: [{ type: 'strong', children: [text('a')] }, text(' b**')] },
    ]);
  });
});

describe('a refused link', () => {
  it('keeps its label as plain text', () => {
    expect(parseMarkup('Click [here](javascript:alert(1)) now')).toEqual([
      { type: 'paragraph', children: [text('Click '), text('here'), text(' now')] },
    ]);
  });
});
