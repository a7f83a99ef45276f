import { HEADING, LINE_BREAK, LINK, QUOTE, STRONG } from './grammar';

/** The longest card excerpt, in characters, markup and the closing '…' included. */
export const CARD_EXCERPT_LENGTH = 320;

const HEADING_MARK = new RegExp(`^${HEADING}`);
const QUOTE_MARK = new RegExp(`^${QUOTE}`);
// The units an excerpt is cut between: a run of spaces, or a word, where a word never ends inside a
// link or a bold span.
const UNIT = new RegExp(String.raw`\s+|(?:${LINK}|${STRONG}|\S)+`, 'g');

/**
 * A card's description of an article (the Articles list), made from its first lines: headings and
 * quotes become plain lines and blank lines are left out (they would only take the card's few lines),
 * bold and links stay as markup. A longer text is cut between words, never inside a link or a bold
 * span, and ends with '…'.
 */
export function cardExcerpt(text: string | null | undefined, maxLength = CARD_EXCERPT_LENGTH): string {
  const lines = (text ?? '')
    .split(LINE_BREAK)
    .map((line) => line.replace(HEADING_MARK, '').replace(QUOTE_MARK, ''))
    .filter((line) => line.trim() !== '');
  const whole = lines.join('\n');
  if (whole.length <= maxLength) return whole;
  let kept = '';
  // Lazily: the text past the limit is never scanned.
  for (const [unit] of whole.matchAll(UNIT)) {
    if (kept.length + unit.length > maxLength - 1) break;
    kept += unit;
  }
  return `${kept.trimEnd()}…`;
}
