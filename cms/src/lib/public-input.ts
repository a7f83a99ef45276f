import { errors } from '@strapi/utils';

/**
 * The `data` object of a public write, holding only the named text fields.
 * Anything else is refused rather than silently dropped, so a client learns its mistake.
 */
export function publicTextFields<K extends string>(body: unknown, allowed: readonly K[]): Partial<Record<K, string>> {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new errors.ValidationError('The body must be a JSON object of the form { "data": { … } }.');
  }
  const unknown = Object.keys(data).filter((key) => !(allowed as readonly string[]).includes(key));
  if (unknown.length > 0) {
    throw new errors.ValidationError(`Unexpected field(s): ${unknown.join(', ')}. Allowed: ${allowed.join(', ')}.`, {
      unexpected: unknown,
    });
  }
  const fields: Partial<Record<K, string>> = {};
  for (const [key, value] of Object.entries(data) as [K, unknown][]) {
    if (value === null || value === undefined) continue;
    if (typeof value !== 'string') {
      throw new errors.ValidationError(`Field ${key} must be text.`);
    }
    fields[key] = value;
  }
  return fields;
}

/**
 * Refuses a line break (or any control character) in the fields that are one line by nature: a
 * name, an address, a phone number. Such a character has no use there, and in an email header it
 * could start another header.
 */
export function oneLineFields<T extends Partial<Record<string, string>>>(
  fields: T,
  oneLine: readonly (keyof T & string)[],
): T {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  const broken = oneLine.filter((key) => /[\u0000-\u001f\u007f]/.test(fields[key] ?? ''));
  if (broken.length > 0) {
    throw new errors.ValidationError(`Field(s) ${broken.join(', ')} must be one line of text.`, { fields: broken });
  }
  return fields;
}
