import { mediaUrlFor } from './config';
import type { ArticlePhoto } from './types';

/** The attributes of an `<img>` showing a CMS image. */
export interface ImageAttributes {
  src: string;
  /** The original and the smaller copies the CMS made of it, so a phone need not download the original. */
  srcSet: string | undefined;
  /** The original's size: with both set, the browser reserves the image's space before it arrives. */
  width: number | undefined;
  height: number | undefined;
  alt: string;
}

const size = (value: number | null | undefined) => (typeof value === 'number' && value > 0 ? value : undefined);

export function imageAttributes(media: ArticlePhoto): ImageAttributes {
  const width = size(media.width);
  const candidates = new Map<number, string>();
  for (const format of Object.values(media.formats ?? {})) {
    const formatWidth = size(format.width);
    if (formatWidth && format.url) candidates.set(formatWidth, mediaUrlFor(format.url));
  }
  if (width) candidates.set(width, mediaUrlFor(media.url));
  const srcSet = [...candidates]
    .sort(([a], [b]) => a - b)
    .map(([candidateWidth, url]) => `${url} ${candidateWidth}w`)
    .join(', ');
  return {
    src: mediaUrlFor(media.url),
    // Without the original's width the browser could pick a copy larger than the original itself.
    srcSet: width && candidates.size > 1 ? srcSet : undefined,
    width,
    height: size(media.height),
    alt: media.alternativeText ?? '',
  };
}
