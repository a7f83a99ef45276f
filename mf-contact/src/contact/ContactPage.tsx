import { queries } from '@blog/shared';
import { useQuery } from '@blog/shared/query';
import { ContactInfo } from '../details/ContactInfo';
import { MessageCard } from '../form/MessageCard';
import { MapBackdrop } from '../map/MapBackdrop';
import styles from './ContactPage.module.css';

/** /Contact (spec §2): the map of the office behind the author's contact details and the form. */
export function ContactPage() {
  const details = useQuery(queries.contactDetails()).data;
  const cover = useQuery(queries.coverContact()).data;

  return (
    <div className={styles.page}>
      <MapBackdrop details={details} />
      <div className={styles.sheet}>
        <ContactInfo cover={cover} details={details} />
        <MessageCard cover={cover} />
      </div>
    </div>
  );
}
