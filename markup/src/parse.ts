// Article markup (spec §5), parsed into a tree that components render as React elements, so every
// text is escaped by React and no HTML written in the CMS ever reaches the page as HTML.
import { HEADING, LINE_BREAK, LINK, QUOTE, STRONG, safeHref } from './grammar';

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

const HEADING_LINE = new RegExp(`^${HEADING}(?<words>.*)$`);
const QUOTE_MARK = new RegExp(`^${QUOTE}`);

// Browsers read a backslash as '/', so '/\host' leaves the site as surely as '//host' does.
const isAbsolute = (href: string) => /^(https?:)?[\\/]{2}/i.test(href);

interface Allowed {
  strong: boolean;
  links: boolean;
}

function parseInline(text: string, allowed: Allowed): Inline[] {
  const alternatives: string[] = [];
  // Bold on every view, not on the Articles list only as spec §5 has it: nobody wants to read the asterisks.
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
  const heading = HEADING_LINE.exec(line)?.groups;
  if (heading) {
    return {
      type: 'heading',
      level: heading.level.length as HeadingLevel,
      children: parseInline(heading.words, allowed),
    };
  }
  if (QUOTE_MARK.test(line)) return { type: 'quote', children: parseInline(line.replace(QUOTE_MARK, ''), allowed) };
  return { type: 'paragraph', children: parseInline(line, allowed) };
}

/** One block per line: headings, quotes, paragraphs, and a break for each blank line. */
export function parseMarkup(text: string): Block[] {
  // Trailing blank lines (a final newline most of all) are not breaks the author meant to show.
  const content = text.trimEnd();
  if (content === '') return [];
  return content.split(LINE_BREAK).map((line) => parseLine(line, { strong: true, links: true }));
}

/** The words of inline markup, without the markup. */
export function inlineText(nodes: Inline[]): string {
  return nodes.map((node) => (node.type === 'text' ? node.text : inlineText(node.children))).join('');
}
