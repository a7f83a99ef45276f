import { LINE_BREAK } from './grammar';

export interface FirstLines {
  /** The text's first lines, as written (markup included). */
  text: string;
  /** Whether lines were left out. */
  truncated: boolean;
}

/**
 * The first `limit` lines of a multi-line text (spec §9: the home page shows at most 15). Lines are
 * counted as the author wrote them, not as a screen wraps them, so every visitor sees the same cut
 * and the page needs no measuring (and no layout shift) to decide it.
 */
export function firstLines(text: string | null | undefined, limit: number): FirstLines {
  // Trailing blank lines are not lines a reader sees (the markup renderer drops them too).
  const lines = (text ?? '').trimEnd().split(LINE_BREAK);
  if (lines.length <= limit) return { text: lines.join('\n'), truncated: false };
  return { text: lines.slice(0, limit).join('\n'), truncated: true };
}
