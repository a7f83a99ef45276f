import { DEFAULT_PREFIX, joinPhone, type ContactMessage } from '@blog/shared';

/** What the visitor types: the phone is kept as prefix and number until it is sent. */
export interface ContactFormFields {
  first_name: string;
  last_name: string;
  email: string;
  prefix: string;
  number: string;
  message: string;
}

export const EMPTY_FORM: ContactFormFields = {
  first_name: '',
  last_name: '',
  email: '',
  prefix: DEFAULT_PREFIX,
  number: '',
  message: '',
};

/** The message as the CMS stores it (spec §3); nothing is validated, empty values are sent (spec §5). */
export function contactMessage({ prefix, number, ...fields }: ContactFormFields): ContactMessage {
  return { ...fields, phone: joinPhone(prefix, number) };
}
