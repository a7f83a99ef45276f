import { visibleComments, type Comment } from '@blog/shared';
import { useId } from 'react';
import { useVotes } from '../hooks/useVotes';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import { SkeletonLines } from './Skeleton';
import './Comments.css';

interface CommentsProps {
  /** The title of the article: comments are linked to it by title (spec §7). */
  article: string;
  /** Every comment of the site, undefined while loading. */
  comments: Comment[] | undefined;
  reload: () => Promise<void>;
}

/** The comment form, then the approved comments of this article with their votes. */
export function Comments({ article, comments, reload }: CommentsProps) {
  const { states, vote } = useVotes(reload);
  const formHeading = useId();
  const listHeading = useId();
  const shown = comments && visibleComments(comments, article);
  return (
    <>
      <section className="mfa-comments" aria-labelledby={formHeading}>
        <h2 id={formHeading} className="mfa-section-title">
          Leave a comment
        </h2>
        <CommentForm article={article} onPosted={reload} />
      </section>
      <section className="mfa-comments" aria-labelledby={listHeading} aria-busy={!shown}>
        <h2 id={listHeading} className="mfa-section-title">
          Community comments{shown && shown.length > 0 ? ` (${shown.length})` : ''}
        </h2>
        {!shown ? (
          <SkeletonLines count={4} className="mfa-comments-placeholder" />
        ) : shown.length === 0 ? (
          <p className="mfa-muted">No comments yet.</p>
        ) : (
          <ul className="mfa-comment-list">
            {shown.map((comment) => (
              <CommentItem
                key={comment.documentId}
                comment={comment}
                vote={states[comment.documentId] ?? 'none'}
                onVote={(action) => vote(comment, action)}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
