/** A run of a snippet's text: matched (in `<mark>`) or not. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

// The entities the CMS writes (escape-html's, `'` as `&#39;`).
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);

/**
 * A search snippet as the CMS answers it (escaped text, the matched words in `<mark>`) as runs of
 * plain text to render as text: `<mark>` is the only markup it can make; anything else stays text.
 */
export function snippetParts(html: string): SnippetPart[] {
  return html
    .split(/<mark>(.*?)<\/mark>/s)
    .map((text, index) => ({ text: unescape(text), marked: index % 2 === 1 }))
    .filter(({ text }) => text !== '');
}
