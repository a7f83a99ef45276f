import { visibleText } from '@blog/markup';
import type { Article } from './types';

export type ShareNetwork = 'facebook' | 'x' | 'linkedin' | 'instagram';

export interface ShareContent {
  /** The article's address, see `shareUrl`. */
  url: string;
  /** See `shareText`. */
  text: string;
  /** The article's photo; Instagram has no web share address, so the photo itself is opened. */
  photoUrl?: string | null;
}

export const SHARE_WINDOW_FEATURES = 'width=600,height=400';

const SHARE_TEXT_LENGTH = 100;

/** The Articles page opened on this article's title (spec §7). */
export function shareUrl(origin: string, title: string): string {
  return `${origin}/Articles?title=${encodeURIComponent(title)}`;
}

/** The title, then the start of the article's text without its markup (spec §9). */
export function shareText(article: Pick<Article, 'title_article' | 'text_article'>): string {
  const text = visibleText(article.text_article ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  // Counted in characters as a reader sees them, so an emoji is never cut in half.
  const start = Array.from(text).slice(0, SHARE_TEXT_LENGTH).join('');
  return start === '' ? article.title_article : `${article.title_article} - ${start}`;
}

/** The address the share window opens. */
export function shareTarget(network: ShareNetwork, { url, text, photoUrl }: ShareContent): string {
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
    case 'x':
      return `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`;
    case 'instagram':
      // Without a photo there is nothing for Instagram; the article itself is the next best thing.
      return photoUrl || url;
  }
}
