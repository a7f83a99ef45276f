// The CMS's contact entries for tests; each test spells out only what it changes.
import type { ContactDetails, CoverContact } from '@blog/shared';

export const COVER: CoverContact = {
  id: 1,
  documentId: 'cover',
  title: 'Get in Touch',
  intro: 'I read every message that arrives here.',
  card_title: 'Send me a message',
  card_intro: 'I reply within three working days.',
};

export const DETAILS: ContactDetails = {
  id: 1,
  documentId: 'details',
  email: 'author@example.test',
  phone: '+57 605 358 2741',
  location: 'Carrera 53 # 82-86, Barranquilla',
  // As the CMS answers when its geocoder could not place the address: the browser geocodes it.
  latitude: null,
  longitude: null,
  Facebook_url: 'https://www.facebook.com/author',
  x_url: null,
  linkedin_url: 'https://www.linkedin.com/in/author',
  instagram_url: null,
};
