import { errors } from '@strapi/utils';

type Query = Record<string, unknown>;

/** Refuses any parameter a route does not know, rather than ignoring it, so a client learns its mistake. */
export function onlyParams(query: Query, known: readonly string[]): void {
  const unknown = Object.keys(query).filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new errors.ValidationError(
      `Unknown query parameter(s): ${unknown.join(', ')}. Known: ${known.join(', ') || 'none'}.`,
    );
  }
}

/** A whole number from `min` to `max`, written plainly (no sign, no leading zero); `fallback` when absent. */
export function integerParam(
  query: Query,
  name: string,
  { min, max, fallback }: { min: number; max: number; fallback: number },
): number {
  const value = query[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^(0|[1-9]\d{0,8})$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new errors.ValidationError(`${name} must be a whole number from ${min} to ${max}.`);
  }
  return Number(value);
}

/** A text, trimmed, at most `maxLength` characters; empty when absent. */
export function textParam(query: Query, name: string, maxLength: number): string {
  const value = query[name] ?? '';
  if (typeof value !== 'string') throw new errors.ValidationError(`${name} must be a single text.`);
  const text = value.trim();
  if (text.length > maxLength) throw new errors.ValidationError(`${name} is longer than ${maxLength} characters.`);
  return text;
}
