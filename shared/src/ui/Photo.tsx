import { imageAttributes } from '../images';
import type { ArticlePhoto } from '../types';
import styles from './Photo.module.css';

export interface PhotoProps {
  media: ArticlePhoto | null | undefined;
  /** How wide it is shown (the `sizes` attribute), for the browser to pick the smallest stored copy that is sharp enough. */
  sizes: string;
  /**
   * The page's largest image above the fold (its LCP): asked for at once and first. The others load
   * when the visitor scrolls near them.
   */
  priority?: boolean;
  /** Where a title beside the photo already says what it shows. */
  decorative?: boolean;
  className?: string;
}

/**
 * An uploaded photo with its dimensions and the CMS's smaller copies, so its space is kept while it
 * loads; a blank of the same place when there is none.
 */
export function Photo({ media, sizes, priority = false, decorative = false, className }: PhotoProps) {
  const classes = className ? `${styles.photo} ${className}` : styles.photo;
  if (!media) return <div className={classes} aria-hidden />;
  const { src, srcSet, width, height, alt } = imageAttributes(media);
  return (
    <img
      className={classes}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={decorative ? '' : alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
