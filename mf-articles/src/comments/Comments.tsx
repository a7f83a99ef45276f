import { useId } from 'react';
import common from '../common/common.module.css';
import { SkeletonLines } from '../common/Skeleton';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import { useArticleComments } from './useArticleComments';
import { useVotes } from './useVotes';
import styles from './Comments.module.css';

/**
 * The comment form, then the article's approved comments with their votes: the first 100, and a
 * 'More comments' control for the next 100 while there are more.
 */
export function Comments({ article }: { article: string }) {
  const { comments, readAt, total, hasMore, more, reload } = useArticleComments(article);
  const { states, vote } = useVotes(reload);
  const formHeading = useId();
  const listHeading = useId();
  return (
    <>
      <section className={styles.comments} aria-labelledby={formHeading}>
        <h2 id={formHeading} className={common.sectionTitle}>
          Leave a comment
        </h2>
        <CommentForm article={article} onPosted={() => void reload()} />
      </section>
      <section className={styles.comments} aria-labelledby={listHeading} aria-busy={!comments}>
        <h2 id={listHeading} className={common.sectionTitle}>
          Community comments{total > 0 ? ` (${total})` : ''}
        </h2>
        {!comments ? (
          <SkeletonLines count={4} className={styles.placeholder} />
        ) : comments.length === 0 ? (
          <p className={common.muted}>No comments yet.</p>
        ) : (
          <ul className={styles.list}>
            {comments.map((comment) => (
              <CommentItem
                key={comment.documentId}
                comment={comment}
                readAt={readAt}
                vote={states[comment.documentId] ?? 'none'}
                onVote={(action) => void vote(comment, action)}
              />
            ))}
          </ul>
        )}
        {hasMore && (
          <button type="button" className={`${common.button} ${styles.more}`} onClick={() => void more()}>
            More comments
          </button>
        )}
      </section>
    </>
  );
}
