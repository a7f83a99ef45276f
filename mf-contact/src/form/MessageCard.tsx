import type { CoverContact } from '@blog/shared';
import { useId } from 'react';
import { ContactForm } from './ContactForm';
import styles from './MessageCard.module.css';

/** The form with its title and intro from the cover for contact (card_title, card_intro). */
export function MessageCard({ cover }: { cover: CoverContact | null | undefined }) {
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={cover?.card_title ? titleId : undefined}>
      <header className={styles.header}>
        {cover?.card_title && <h2 id={titleId}>{cover.card_title}</h2>}
        {cover?.card_intro && <p>{cover.card_intro}</p>}
      </header>
      <ContactForm />
    </section>
  );
}
