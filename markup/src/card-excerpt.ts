/** The longest excerpt, in characters, markup and the closing '…' included. */
export const EXCERPT_LENGTH = 320;

// The units an excerpt is cut between: a run of spaces, or a word, where a word never ends inside a
// link or a bold span (the link and bold grammar of the site's markup parser, one line at a time).
const UNIT = /\s+|(?:\[[^\]\n]+\]\((?:[^()\n]|\([^()\n]*\))*\)|\*\*.+?\*\*|\S)+/g;

/**
 * A card's description of an article (the Articles list), made from its first lines: headings and
 * quotes become plain lines and blank lines are left out (they would only take the card's few lines),
 * bold and links stay as markup. A longer text is cut between words, never inside a link or a bold
 * span, and ends with '…'.
 */
export function excerpt(text: string | null | undefined, maxLength = EXCERPT_LENGTH): string {
  const lines = (text ?? '')
    .split(/\r\n?|\n/)
    .map((line) => line.replace(/^#{1,4} /, '').replace(/^> ?/, ''))
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
