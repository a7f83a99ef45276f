import { imageAttributes, type ArticlePhoto } from '@blog/shared';
import './Photo.css';

interface PhotoProps {
  media: ArticlePhoto | null | undefined;
  /** How wide it is shown, for the browser to choose the smallest stored size that is sharp enough. */
  sizes: string;
  /** Photos above the fold load at once; the others when the visitor scrolls near them. */
  eager?: boolean;
  /** Where a title beside the photo already says what it shows. */
  decorative?: boolean;
  className?: string;
}

/** An uploaded photo with its dimensions, so its space is kept while it loads; a blank of the same shape when there is none. */
export function Photo({ media, sizes, eager = false, decorative = false, className = '' }: PhotoProps) {
  if (!media) return <div className={`mfa-photo ${className}`} aria-hidden />;
  const { src, srcSet, width, height, alt } = imageAttributes(media);
  return (
    <img
      className={`mfa-photo ${className}`}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={decorative ? '' : alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
