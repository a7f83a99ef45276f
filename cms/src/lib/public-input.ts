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
