import { imageAttributes, type Media } from '@blog/shared';
import './Photo.css';

interface PhotoProps {
  media: Media;
  /** The widest the photo is shown, in CSS pixels; narrower screens show it across their width. */
  displayWidth: number;
  caption?: string | null;
  className?: string;
}

export function Photo({ media, displayWidth, caption, className }: PhotoProps) {
  const { src, srcSet, width, height, alt } = imageAttributes(media);
  return (
    <figure className={className ? `photo ${className}` : 'photo'}>
      <img
        src={src}
        srcSet={srcSet}
        sizes={srcSet && `(max-width: ${displayWidth}px) 100vw, ${displayWidth}px`}
        width={width}
        height={height}
        alt={alt}
      />
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}
