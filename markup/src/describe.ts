import { inlineText, parseMarkup, type Block } from './parse';

/** What search engines show of a description before they cut it themselves. */
const DESCRIPTION_LENGTH = 160;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

type TextBlock = Exclude<Block, { type: 'break' }>;

/**
 * A page's description from text written with the article markup: its words without markup, on
 * one line, at most `maxLength` characters (as a reader counts them), cut between words with an
 * ellipsis. Headings are left out while there is other text: they name parts of the text, they do
 * not describe it. None for a text with no words.
 */
export function describeText(text: string | null | undefined, maxLength = DESCRIPTION_LENGTH): string | undefined {
  const blocks = parseMarkup(text ?? '').filter((block): block is TextBlock => block.type !== 'break');
  const body = blocks.filter((block) => block.type !== 'heading');
  const plain = (body.length > 0 ? body : blocks)
    .map((block) => inlineText(block.children))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain === '') return undefined;
  // No text has more characters than UTF-16 code units; segmenting is slow (about 3 µs a
  // character), so no more than the description's characters are segmented.
  if (plain.length <= maxLength) return plain;
  const characters: string[] = [];
  for (const { segment } of graphemes.segment(plain)) {
    characters.push(segment);
    if (characters.length > maxLength) break;
  }
  if (characters.length <= maxLength) return plain;
  const cut = characters.slice(0, maxLength - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}
