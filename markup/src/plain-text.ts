// An article's words without its markup, as each use needs them.
import { HEADING, LINK, QUOTE, STRONG } from './grammar';
import { inlineText, parseMarkup } from './parse';

/** The words a reader sees, one line per block, blank lines left out: what a share of the article quotes. */
export function visibleText(text: string): string {
  return parseMarkup(text)
    .flatMap((block) => (block.type === 'break' ? [] : [inlineText(block.children)]))
    .join('\n');
}

// The two characters the search puts around a matched word in a snippet: never in an indexed text.
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';

const LINE_MARKS = new RegExp(`^(?:${HEADING}|${QUOTE})`, 'gm');
const LINKS = new RegExp(LINK, 'g');
const BOLD = new RegExp(STRONG, 'g');

/**
 * An article's text as the search indexes it and quotes it in a snippet: every line where it is,
 * without a link's address or `**`, and without the characters that mark a match.
 */
export function indexedText(text: string | null | undefined): string {
  return (text ?? '')
    .replaceAll(MARK_START, '')
    .replaceAll(MARK_END, '')
    .replace(LINE_MARKS, '')
    .replace(LINKS, '$<label>')
    .replace(BOLD, '$<strong>');
}
