// Article markup (spec §5), parsed into a tree that components render as React elements, so every
// text is escaped by React and no HTML written in the CMS ever reaches the page as HTML.

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'link'; href: string; external: boolean; children: Inline[] };

export type HeadingLevel = 1 | 2 | 3 | 4;

export type Block =
  | { type: 'heading'; level: HeadingLevel; children: Inline[] }
  | { type: 'quote'; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'break' };

const HEADING = /^(#{1,4}) (.*)$/;
// Bold on every view, not on the Articles list only as spec §5 has it: nobody wants to read the asterisks.
const STRONG = String.raw`\*\*(?<strong>.+?)\*\*`;
// A target may hold one level of balanced parentheses, as many encyclopedia addresses do.
const LINK = String.raw`\[(?<label>[^\]]+)\]\((?<target>(?:[^()]|\([^()]*\))*)\)`;
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

// Browsers read a backslash as '/', so '/\host' leaves the site as surely as '//host' does.
const isAbsolute = (href: string) => /^(https?:)?[\\/]{2}/i.test(href);

interface Allowed {
  strong: boolean;
  links: boolean;
}

function parseInline(text: string, allowed: Allowed): Inline[] {
  const alternatives: string[] = [];
  if (allowed.strong) alternatives.push(STRONG);
  if (allowed.links) alternatives.push(LINK);
  if (alternatives.length === 0) return text === '' ? [] : [{ type: 'text', text }];
  const pattern = new RegExp(alternatives.join('|'), 'g');
  const nodes: Inline[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (value !== '') nodes.push({ type: 'text', text: value });
  };
  for (const match of text.matchAll(pattern)) {
    pushText(text.slice(last, match.index));
    last = match.index + match[0].length;
    const { strong, label, target } = match.groups ?? {};
    if (strong !== undefined) {
      nodes.push({ type: 'strong', children: parseInline(strong, { ...allowed, strong: false }) });
      continue;
    }
    const children = parseInline(label, { ...allowed, links: false });
    const href = safeHref(target);
    // A refused link keeps its words and loses only the address.
    if (href === null) nodes.push(...children);
    else nodes.push({ type: 'link', href, external: isAbsolute(href), children });
  }
  pushText(text.slice(last));
  return nodes;
}

function parseLine(line: string, allowed: Allowed): Block {
  if (line.trim() === '') return { type: 'break' };
  const heading = HEADING.exec(line);
  if (heading) {
    return { type: 'heading', level: heading[1].length as HeadingLevel, children: parseInline(heading[2], allowed) };
  }
  if (line.startsWith('>')) return { type: 'quote', children: parseInline(line.replace(/^> ?/, ''), allowed) };
  return { type: 'paragraph', children: parseInline(line, allowed) };
}

/** One block per line: headings, quotes, paragraphs, and a break for each blank line. */
export function parseMarkup(text: string): Block[] {
  // Trailing blank lines (a final newline most of all) are not breaks the author meant to show.
  const content = text.trimEnd();
  if (content === '') return [];
  return content.split(/\r\n?|\n/).map((line) => parseLine(line, { strong: true, links: true }));
}

function inlineText(nodes: Inline[]): string {
  return nodes.map((node) => (node.type === 'text' ? node.text : inlineText(node.children))).join('');
}

/** The words of the text without any markup, one line per block: for excerpts and share text. */
export function plainText(text: string): string {
  return parseMarkup(text)
    .flatMap((block) => (block.type === 'break' ? [] : [inlineText(block.children)]))
    .join('\n');
}
