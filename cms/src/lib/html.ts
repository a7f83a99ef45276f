const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe in HTML, in an element or a quoted attribute: `&`, `<`, `>`, `"` and `'` become
 * entities (the ones the site's `snippetParts` reads back). The CMS's one escaper: snippets and mail.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}
