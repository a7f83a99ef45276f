import { DEFAULT_PREFIX, FORM_SUBMITTED, FORM_SUBMIT_FAILED, postContactMessage, useLoaded } from '@blog/shared';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { EMPTY_FORM, contactMessage, type ContactFormFields } from './contactForm';
import { loadPrefixes } from './prefixes';
import './ContactForm.css';

type TextField = Exclude<keyof ContactFormFields, 'prefix' | 'number' | 'message'>;

const TEXT_FIELDS: [field: TextField, label: string, type: string, autoComplete: string][] = [
  ['first_name', 'First name', 'text', 'given-name'],
  ['last_name', 'Last name', 'text', 'family-name'],
  ['email', 'Email', 'email', 'email'],
];

/** The contact form (spec §2): no validation, the exact alerts of spec §8, cleared only once sent. */
export function ContactForm() {
  const id = useId();
  const prefixes = useLoaded(loadPrefixes) ?? [DEFAULT_PREFIX];
  const [fields, setFields] = useState(EMPTY_FORM);
  const [sending, setSending] = useState(false);

  const update =
    (field: keyof ContactFormFields) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
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
    <form className="contact-form" onSubmit={submit} noValidate>
      {TEXT_FIELDS.map(([field, label, type, autoComplete]) => (
        <div key={field} className={`contact-field contact-field--${field}`}>
          <label htmlFor={`${id}-${field}`}>{label}</label>
          <input id={`${id}-${field}`} type={type} autoComplete={autoComplete} value={fields[field]} onChange={update(field)} />
        </div>
      ))}
      <fieldset className="contact-field contact-field--phone">
        <legend>Phone</legend>
        <div className="contact-phone">
          <select aria-label="International prefix" value={fields.prefix} onChange={update('prefix')}>
            {prefixes.map((prefix) => (
              <option key={prefix} value={prefix}>
                {prefix}
              </option>
            ))}
          </select>
          <input aria-label="Phone number" type="tel" autoComplete="tel-national" value={fields.number} onChange={update('number')} />
        </div>
      </fieldset>
      <div className="contact-field contact-field--message">
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea id={`${id}-message`} rows={6} value={fields.message} onChange={update('message')} />
      </div>
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus while it sends. */}
      <button type="submit" className="contact-submit" aria-disabled={sending}>
        Send message
      </button>
    </form>
  );
}
