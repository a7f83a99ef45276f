import { FORM_SUBMITTED, FORM_SUBMIT_FAILED, postComment } from '@blog/shared';
import { useId, useState, type FormEvent } from 'react';
import common from '../common/common.module.css';
import styles from './Comments.module.css';

interface CommentFormProps {
  /** The title of the article commented on: the link between comments and articles. */
  article: string;
  onPosted: () => void;
}

/** Spec §5: no validation, empty values are sent; spec §8: the answer is an alert. */
export function CommentForm({ article, onPosted }: CommentFormProps) {
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [posted, setPosted] = useState(false);
  const nameId = useId();
  const commentId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setPosted(false);
    const result = await postComment({ name, comment, article });
    setSending(false);
    if (!result.ok) {
      window.alert(FORM_SUBMIT_FAILED);
      return;
    }
    setName('');
    setComment('');
    setPosted(true);
    window.alert(FORM_SUBMITTED);
    onPosted();
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)}>
      <label htmlFor={nameId}>Full name</label>
      <input
        id={nameId}
        className={common.input}
        name="name"
        autoComplete="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <label htmlFor={commentId}>Comment</label>
      <textarea
        id={commentId}
        className={common.input}
        name="comment"
        rows={5}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <div className={styles.formFooter}>
        <button type="submit" className={common.button} disabled={sending}>
          COMMENT
        </button>
        {/* A new comment waits for the author's approval (spec §4): say so, or the visitor would look for it in vain. */}
        <p role="status" className={styles.note}>
          {posted && 'Thank you! Your comment will appear here once the author approves it.'}
        </p>
      </div>
    </form>
  );
}
