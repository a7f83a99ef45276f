import { imageAttributes, type ArticlePhoto, type PageImage } from '@blog/shared';

/** A CMS photo as a page's lead image (link previews): absolute, with its size; `fallbackAlt` when the CMS has no text for it. */
export function pageImage(media: ArticlePhoto | null | undefined, fallbackAlt: string): PageImage | undefined {
  if (!media) return undefined;
  const { src, width, height, alt } = imageAttributes(media);
  return { url: src, width, height, alt: alt || fallbackAlt };
}
