import {
  planVote,
  voteComment,
  voteCount,
  voteFailureAlert,
  type Comment,
  type VoteAction,
  type VoteState,
} from '@blog/shared';
import { useRef, useState } from 'react';

/**
 * The visitor's vote on each comment (kept in the page only, spec §4) and the vote itself: the
 * counter changes of `planVote`, one after the other, each sent with the count the visitor saw so
 * that other visitors' votes meanwhile are kept (the CMS applies only the step).
 */
export function useVotes(reload: () => Promise<void>) {
  const [states, setStates] = useState<Record<string, VoteState>>({});
  // A vote still on its way: a second click must not plan from the same, stale state.
  const pending = useRef(new Set<string>());

  const vote = async (comment: Comment, action: VoteAction) => {
    const id = comment.documentId;
    if (pending.current.has(id)) return;
    const state = states[id] ?? 'none';
    const plan = planVote(state, action, { like: voteCount(comment.like), dislike: voteCount(comment.dislike) });
    if (!plan.ok) {
      window.alert(plan.alert);
      return;
    }
    pending.current.add(id);
    let reached = state;
    try {
      for (const step of plan.steps) {
        const result = await voteComment(id, step);
        if (!result.ok) {
          window.alert(voteFailureAlert(action));
          break;
        }
        // Taking back the opposite vote alone leaves the comment with no vote of this visitor.
        reached = step.field === action ? plan.next : 'none';
      }
    } finally {
      pending.current.delete(id);
    }
    if (reached !== state) {
      setStates((current) => ({ ...current, [id]: reached }));
      await reload();
    }
  };

  return { states, vote };
}
