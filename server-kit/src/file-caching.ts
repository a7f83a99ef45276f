/** A built file whose name carries its content's hash (`main.1a2b3c4d.js`, its `.map`), as the builds name them. */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+(\.map)?$/;

/**
 * The `Cache-Control` of a built file wherever it is served: a hashed file never changes, so it
 * is kept for a year; anything else (an entry point, the config, `remotes.json`) is asked again.
 */
export function fileCacheControl(pathname: string): string {
  return HASHED.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
