import { relativeTime, voteCount, type Comment, type VoteAction, type VoteState } from '@blog/shared';
import { useId } from 'react';
import { ThumbDownIcon, ThumbUpIcon } from './icons';

const VOTES = [
  { action: 'like', label: 'Like', cast: 'liked', noun: ['like', 'likes'], Icon: ThumbUpIcon },
  { action: 'dislike', label: 'Dislike', cast: 'disliked', noun: ['dislike', 'dislikes'], Icon: ThumbDownIcon },
] as const;

interface CommentItemProps {
  comment: Comment;
  vote: VoteState;
  onVote: (action: VoteAction) => void;
}

export function CommentItem({ comment, vote, onVote }: CommentItemProps) {
  const idPrefix = useId();
  const author = comment.name?.trim() || 'an anonymous visitor';
  return (
    <li className="mfa-comment">
      <div className="mfa-comment-head">
        <strong>{comment.name}</strong>
        <time className="mfa-comment-time" dateTime={comment.publishedAt}>
          {relativeTime(comment.publishedAt)}
        </time>
      </div>
      <p className="mfa-comment-text">{comment.comment}</p>
      <div className="mfa-votes">
        {VOTES.map(({ action, label, cast, noun, Icon }) => {
          const count = voteCount(comment[action]);
          const countId = `${idPrefix}-${action}`;
          return (
            <button
              key={action}
              type="button"
              className="mfa-vote"
              aria-label={`${label} comment by ${author}`}
              aria-describedby={countId}
              aria-pressed={vote === cast}
              onClick={() => onVote(action)}
            >
              <Icon />
              <span id={countId}>
                {count}
                <span className="visually-hidden"> {noun[count === 1 ? 0 : 1]}</span>
              </span>
            </button>
          );
        })}
      </div>
    </li>
  );
}
