import { fetchContactDetails, fetchCoverContact, useLoaded } from '@blog/shared';
import { ContactInfo } from '../details/ContactInfo';
import { MessageCard } from '../form/MessageCard';
import { MapBackdrop } from '../map/MapBackdrop';
import { useMapCentre } from '../map/useMapCentre';
import './Contact.css';

/** /Contact (spec §2): the map of the office behind the author's contact details and the form. */
export default function Contact() {
  const details = useLoaded(fetchContactDetails);
  const cover = useLoaded(fetchCoverContact);
  const centre = useMapCentre(details);

  return (
    <div className="contact">
      <MapBackdrop centre={centre} />
      <div className="contact-sheet">
        <ContactInfo cover={cover} details={details} />
        <MessageCard cover={cover} />
      </div>
    </div>
  );
}
