import { ALREADY_DISLIKED, ALREADY_LIKED, DISLIKE_FAILED, LIKE_FAILED } from './messages';

/** A visitor's vote on one comment; kept in the page only (spec §4). */
export type VoteState = 'none' | 'liked' | 'disliked';
export type VoteAction = 'like' | 'dislike';

/** One counter change: from the count the visitor saw (`base`) to the count they expect (`value`). */
export interface VoteStep {
  field: VoteAction;
  base: number;
  value: number;
}

export interface VoteCounts {
  like: number;
  dislike: number;
}

export type VotePlan = { ok: false; alert: string } | { ok: true; next: VoteState; steps: VoteStep[] };

const OPPOSITE = { like: 'dislike', dislike: 'like' } as const;
const CAST = { like: 'liked', dislike: 'disliked' } as const;
const REPEATED = { like: ALREADY_LIKED, dislike: ALREADY_DISLIKED } as const;
const FAILED = { like: LIKE_FAILED, dislike: DISLIKE_FAILED } as const;

/** The counter changes a vote needs, in order: taking back the opposite vote first. */
export function planVote(state: VoteState, action: VoteAction, counts: VoteCounts): VotePlan {
  if (state === CAST[action]) return { ok: false, alert: REPEATED[action] };
  const opposite = OPPOSITE[action];
  const steps: VoteStep[] = [];
  if (state === CAST[opposite] && counts[opposite] > 0) {
    steps.push({ field: opposite, base: counts[opposite], value: counts[opposite] - 1 });
  }
  steps.push({ field: action, base: counts[action], value: counts[action] + 1 });
  return { ok: true, next: CAST[action], steps };
}

export function voteFailureAlert(action: VoteAction): string {
  return FAILED[action];
}

/** Counts are stored as text; anything but a whole non-negative number reads as no votes. */
export function voteCount(raw: string | null): number {
  const text = raw?.trim() ?? '';
  return /^\d+$/.test(text) ? Number(text) : 0;
}
