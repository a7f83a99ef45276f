import { DEFAULT_PREFIX, FORM_SUBMITTED, FORM_SUBMIT_FAILED, postContactMessage } from '@blog/shared';
import { isServer, useQuery } from '@blog/shared/query';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { EMPTY_FORM, contactMessage, type ContactFormFields } from './contactForm';
import { bundledPrefixesQuery, prefixesQuery } from './prefixes';
import styles from './ContactForm.module.css';

type TextField = Exclude<keyof ContactFormFields, 'prefix' | 'number' | 'message'>;

const TEXT_FIELDS: [field: TextField, label: string, type: string, autoComplete: string, wide: boolean][] = [
  ['first_name', 'First name', 'text', 'given-name', false],
  ['last_name', 'Last name', 'text', 'family-name', false],
  ['email', 'Email', 'email', 'email', true],
];

/** The contact form (spec §2): no validation, the exact alerts of spec §8, cleared only once sent. */
export function ContactForm() {
  const id = useId();
  // The country list is the browser's to ask for. The bundled prefixes come with the server's reads;
  // a page without them (a section run on its own) loads them only if the list gives none.
  const listed = useQuery({ ...prefixesQuery(), enabled: !isServer }).data;
  const bundled = useQuery({ ...bundledPrefixesQuery(), enabled: listed?.length === 0 }).data;
  const prefixes = listed?.length ? listed : (bundled ?? [DEFAULT_PREFIX]);
  const [fields, setFields] = useState(EMPTY_FORM);
  const [sending, setSending] = useState(false);

  const update =
    (field: keyof ContactFormFields) =>
    (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setFields((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    const result = await postContactMessage(contactMessage(fields));
    setSending(false);
    if (result.ok) {
      window.alert(FORM_SUBMITTED);
      setFields(EMPTY_FORM);
    } else {
      console.error('Failed to send the contact message', result.status, result.message);
      window.alert(FORM_SUBMIT_FAILED);
    }
  }

  return (
    // noValidate: the browser's own checks (an email's shape) would be validation the spec does not have.
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      {TEXT_FIELDS.map(([field, label, type, autoComplete, wide]) => (
        <div key={field} className={wide ? `${styles.field} ${styles.wide}` : styles.field}>
          <label htmlFor={`${id}-${field}`}>{label}</label>
          <input
            id={`${id}-${field}`}
            type={type}
            autoComplete={autoComplete}
            value={fields[field]}
            onChange={update(field)}
          />
        </div>
      ))}
      <fieldset className={`${styles.field} ${styles.wide}`}>
        <legend>Phone</legend>
        <div className={styles.phoneNumber}>
          <select aria-label="International prefix" value={fields.prefix} onChange={update('prefix')}>
            {prefixes.map((prefix) => (
              <option key={prefix} value={prefix}>
                {prefix}
              </option>
            ))}
          </select>
          <input
            aria-label="Phone number"
            // The number without its prefix: a text field, as that autofill field asks, with a phone's keypad.
            type="text"
            inputMode="tel"
            autoComplete="tel-national"
            value={fields.number}
            onChange={update('number')}
          />
        </div>
      </fieldset>
      <div className={`${styles.field} ${styles.wide}`}>
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea id={`${id}-message`} rows={6} value={fields.message} onChange={update('message')} />
      </div>
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus while it sends. */}
      <button type="submit" className={styles.submit} aria-disabled={sending}>
        Send message
      </button>
    </form>
  );
}
