/**
 * The pure half of the full-text search: what a visitor types becomes words, never query syntax;
 * an article becomes the plain text that is indexed; the database's snippet becomes safe HTML.
 */

/** At most this many words of a search are looked for (a search is at most 200 characters anyway). */
const MAX_WORDS = 16;

// Letters and digits of any script, and the marks that belong to them: everything else separates words.
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** The words of a search, lower-cased, in order: operators, quotes, `*`, `:`, `%` and the like are separators. */
export function searchWords(term: string): string[] {
  return (term.toLowerCase().match(WORD) ?? []).slice(0, MAX_WORDS);
}

/**
 * An FTS5 query for these words: every word a quoted string (a word holds no quote), all of them
 * required, the last as a prefix (`"comptrol"*`, stemmed as the index is) so that results
 * as-you-type make sense. Empty for no words.
 */
export function fts5Query(words: string[]): string {
  return words.map((word, index) => (index === words.length - 1 ? `"${word}"*` : `"${word}"`)).join(' ');
}

/**
 * A `to_tsquery` text for these words: every word a quoted lexeme (a word holds no quote), all of
 * them required (`&`), the last also as a prefix (`:*`). Empty for no words.
 */
export function tsQuery(words: string[]): string {
  return words.map((word, index) => (index === words.length - 1 ? `'${word}':*` : `'${word}'`)).join(' & ');
}

// The site's markup (spec §5), made plain so that neither a link's address nor `**` is indexed or shown.
const HEADING_OR_QUOTE = /^(?:#{1,4} |> ?)/gm;
const LINK = /\[([^\]\n]+)\]\((?:[^()\n]|\([^()\n]*\))*\)/g;
const BOLD = /\*\*(.+?)\*\*/g;
// The two characters the database puts around a matched word in a snippet: never in an article's text.
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';

/** An article's text as it is indexed and quoted in a snippet: the markup's words without the markup. */
export function plainText(text: string | null | undefined): string {
  return (text ?? '')
    .replaceAll(MARK_START, '')
    .replaceAll(MARK_END, '')
    .replace(HEADING_OR_QUOTE, '')
    .replace(LINK, '$1')
    .replace(BOLD, '$1');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]);

/**
 * A snippet as the API answers it: the article's words escaped, the matched ones in `<mark>`, on
 * one line. The database marks them with `MARK_START`/`MARK_END`, which no indexed text holds.
 */
export function snippetHtml(marked: string): string {
  return escapeHtml(marked.replace(/\s+/g, ' ').trim())
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>');
}
