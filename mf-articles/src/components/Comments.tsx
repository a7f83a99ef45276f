import { useId } from 'react';
import { useArticleComments } from '../hooks/useArticleComments';
import { useVotes } from '../hooks/useVotes';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import { SkeletonLines } from './Skeleton';
import './Comments.css';

/**
 * The comment form, then the article's approved comments with their votes: the first 100, and a
 * 'More comments' control for the next 100 while there are more.
 */
export function Comments({ article }: { article: string }) {
  const { comments, total, hasMore, more, reload } = useArticleComments(article);
  const { states, vote } = useVotes(reload);
  const formHeading = useId();
  const listHeading = useId();
  return (
    <>
      <section className="mfa-comments" aria-labelledby={formHeading}>
        <h2 id={formHeading} className="mfa-section-title">
          Leave a comment
        </h2>
        <CommentForm article={article} onPosted={reload} />
      </section>
      <section className="mfa-comments" aria-labelledby={listHeading} aria-busy={!comments}>
        <h2 id={listHeading} className="mfa-section-title">
          Community comments{total > 0 ? ` (${total})` : ''}
        </h2>
        {!comments ? (
          <SkeletonLines count={4} className="mfa-comments-placeholder" />
        ) : comments.length === 0 ? (
          <p className="mfa-muted">No comments yet.</p>
        ) : (
          <ul className="mfa-comment-list">
            {comments.map((comment) => (
              <CommentItem
                key={comment.documentId}
                comment={comment}
                vote={states[comment.documentId] ?? 'none'}
                onVote={(action) => vote(comment, action)}
              />
            ))}
          </ul>
        )}
        {hasMore && (
          <button type="button" className="mfa-button mfa-more-comments" onClick={more}>
            More comments
          </button>
        )}
      </section>
    </>
  );
}
