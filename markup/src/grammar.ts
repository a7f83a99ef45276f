// The article markup's grammar (spec §5), written once: the parser and each text made from the
// markup build their patterns from these. Inline patterns never span a newline, so a text can be
// read with them whole as well as line by line.

/** Where a text's lines end, whichever system the author wrote it on. */
export const LINE_BREAK = /\r\n?|\n/;

/** A heading's mark at the start of a line: 1 to 4 `#` (its `level`) and a space. */
export const HEADING = String.raw`(?<level>#{1,4}) `;

/** A quote's mark at the start of a line: `>` and the space after it, if any. */
export const QUOTE = '> ?';

/** `**bold**`: the shortest span between two `**`. */
export const STRONG = String.raw`\*\*(?<strong>.+?)\*\*`;

/** `[label](target)`: a target may hold one level of balanced parentheses, as many encyclopedia addresses do. */
export const LINK = String.raw`\[(?<label>[^\]\n]+)\]\((?<target>(?:[^()\n]|\([^()\n]*\))*)\)`;

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * The address a link may point to, or null. Browsers ignore leading and trailing control characters
 * and spaces and every tab or newline inside a URL (so '\u0000java\tscript:' is javascript:), hence the
 * scheme is judged on the URL the browser would see, and that URL is the one rendered.
 */
export function safeHref(target: string): string | null {
  // eslint-disable-next-line no-control-regex -- the C0 controls are exactly what browsers strip from a URL's ends
  const href = target.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (href === '') return null;
  const scheme = SCHEME.exec(href)?.[1];
  return scheme === undefined || SAFE_SCHEMES.has(scheme.toLowerCase()) ? href : null;
}
