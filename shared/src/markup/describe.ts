import { plainText } from './parse';

/** What search engines show of a description before they cut it themselves. */
const DESCRIPTION_LENGTH = 160;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * A page's description from text written with the article markup: its words without markup, on
 * one line, at most `maxLength` characters (as a reader counts them), cut between words with an
 * ellipsis. None for a text with no words.
 */
export function describeText(text: string | null | undefined, maxLength = DESCRIPTION_LENGTH): string | undefined {
  const words = plainText(text ?? '').replace(/\s+/g, ' ').trim();
  if (words === '') return undefined;
  const characters = Array.from(graphemes.segment(words), ({ segment }) => segment);
  if (characters.length <= maxLength) return words;
  const cut = characters.slice(0, maxLength - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}
