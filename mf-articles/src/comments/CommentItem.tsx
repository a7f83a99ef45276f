import { relativeTime, voteCount, type Comment, type VoteAction, type VoteState } from '@blog/shared';
import { ThumbDownIcon, ThumbUpIcon } from './icons';
import styles from './Comments.module.css';

const VOTES = [
  { action: 'like', label: 'Like', cast: 'liked', noun: ['like', 'likes'], Icon: ThumbUpIcon },
  { action: 'dislike', label: 'Dislike', cast: 'disliked', noun: ['dislike', 'dislikes'], Icon: ThumbDownIcon },
] as const;

interface CommentItemProps {
  comment: Comment;
  /** When the comments were read: its age is told as of then, the same on the server and in the browser. */
  readAt: Date;
  vote: VoteState;
  onVote: (action: VoteAction) => void;
}

export function CommentItem({ comment, readAt, vote, onVote }: CommentItemProps) {
  const author = comment.name?.trim() || 'an anonymous visitor';
  return (
    <li className={styles.comment}>
      <div className={styles.head}>
        <strong>{comment.name}</strong>
        <time className={styles.time} dateTime={comment.publishedAt}>
          {relativeTime(comment.publishedAt, readAt)}
        </time>
      </div>
      <p className={styles.text}>{comment.comment}</p>
      <div className={styles.votes}>
        {VOTES.map(({ action, label, cast, noun, Icon }) => {
          const count = voteCount(comment[action]);
          return (
            <button
              key={action}
              type="button"
              className={styles.vote}
              // Its name holds the count it shows, so a reader who speaks what they see can press it.
              aria-label={`${label} comment by ${author}, ${count} ${noun[count === 1 ? 0 : 1]}`}
              aria-pressed={vote === cast}
              onClick={() => onVote(action)}
            >
              <Icon />
              {count}
            </button>
          );
        })}
      </div>
    </li>
  );
}
