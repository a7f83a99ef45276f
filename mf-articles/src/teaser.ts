/**
 * An article's text for a card's description: its headings and quotes become plain lines, so a
 * card holds no headings of its own (a screen reader's outline lists card titles only), while
 * bold and links stay for the markup renderer.
 */
export function teaserText(text: string | null): string {
  return (text ?? '').replace(/^#{1,4} /gm, '').replace(/^> ?/gm, '');
}
