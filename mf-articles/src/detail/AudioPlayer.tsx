import { clockTime } from '@blog/shared';
import { useEffect, useRef, useState, type RefObject } from 'react';
import styles from './AudioPlayer.module.css';

const icon = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'currentColor',
  'aria-hidden': true,
  focusable: false,
} as const;

const MEDIA_EVENTS = ['play', 'pause', 'ended', 'timeupdate', 'durationchange', 'emptied'] as const;

/** What the audio element is doing, kept in step with its events. */
function useMediaState(media: RefObject<HTMLAudioElement | null>) {
  const [state, setState] = useState({ playing: false, position: 0, duration: 0 });
  useEffect(() => {
    const element = media.current;
    if (!element) return undefined;
    const sync = () =>
      setState({
        playing: !element.paused,
        position: element.currentTime,
        duration: Number.isFinite(element.duration) ? element.duration : 0,
      });
    MEDIA_EVENTS.forEach((event) => element.addEventListener(event, sync));
    return () => MEDIA_EVENTS.forEach((event) => element.removeEventListener(event, sync));
  }, [media]);
  return state;
}

/**
 * The article read aloud: play and pause, the position as a slider to seek with, and the times.
 * Drawn by the page, not the browser: Chromium's own controls rearrange themselves after their
 * first paint, which moves them (a layout shift), and ignore the theme. Without JavaScript the
 * browser's own player stands in.
 */
export function AudioPlayer({ src, title }: { src: string; title: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const { playing, position, duration } = useMediaState(audio);
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (!element.paused) element.pause();
    else element.play().catch((error: unknown) => console.error(`${src} could not be played`, error));
  };
  return (
    <div role="group" aria-label={`Listen to ${title}`} className={styles.player}>
      {/* The article's text is what it reads aloud. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the article's text on the page is the recording's transcript */}
      <audio ref={audio} src={src} preload="none" />
      <noscript>
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- as above */}
        <audio className={styles.native} src={src} preload="none" controls />
      </noscript>
      <div className={styles.controls}>
        <button type="button" className="round-button" aria-label={playing ? 'Pause' : 'Play'} onClick={toggle}>
          {playing ? (
            <svg {...icon}>
              <path d="M7 5h4v14H7zM13 5h4v14h-4z" />
            </svg>
          ) : (
            <svg {...icon}>
              <path d="M8 5v14l11-7z" />
            </svg>
          )}
        </button>
        <input
          type="range"
          className={styles.position}
          aria-label="Position"
          aria-valuetext={`${clockTime(position)} of ${clockTime(duration)}`}
          min={0}
          max={duration}
          step="any"
          value={position}
          // Its length is known once it starts: with `preload="none"` nothing is fetched before.
          disabled={duration === 0}
          onChange={(event) => {
            if (audio.current) audio.current.currentTime = Number(event.target.value);
          }}
        />
        <span className={styles.time} aria-hidden="true">
          {clockTime(position)} / {clockTime(duration)}
        </span>
      </div>
    </div>
  );
}
