import { z } from 'zod';

// The kinds of value a server's settings take, for the schema of its environment each server
// declares (render-server/src/settings.ts, cms/src/settings.ts). Each refuses a bad value with what
// it accepts; `settingsOf` names the variable and quotes the value around that.

const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

/** The setting, `fallback` when unset or empty. */
export const withDefault = <Value extends z.ZodType>(value: Value, fallback: z.input<Value>) =>
  z.preprocess(unsetWhenEmpty, value.prefault(fallback));

/** The setting, none when unset or empty. */
export const optional = <Value extends z.ZodType>(value: Value) => z.preprocess(unsetWhenEmpty, value.optional());

function whole(accepted: string, least: number, most = Number.MAX_SAFE_INTEGER) {
  const error = { error: accepted };
  return z.coerce.number(error).int(error).min(least, error).max(most, error);
}

/** A number above zero, fractions too. */
export function positiveNumber() {
  const error = { error: 'a positive number' };
  return z.coerce.number(error).positive(error);
}

/** A whole number from `least` up. */
export const wholeNumber = (least = 0) => whole(`a whole number from ${least}`, least);

export const port = () => whole('a port from 1 to 65535', 1, 65_535);

/** How many proxies of the deployment's own stand in front, each adding an entry to `X-Forwarded-For`. */
export const proxyCount = () => whole('a whole number of proxies (0 when none)', 0, 99);

export const flag = () => z.enum(['true', 'false'], { error: 'true or false' }).transform((text) => text === 'true');

export const oneOf = <const Value extends string>(values: readonly [Value, ...Value[]]) =>
  z.enum(values, { error: values.join(' or ') });

export const httpAddress = () => z.url({ protocol: /^https?$/, error: 'an http(s) address' });

/** http(s) addresses separated by commas (or spaces): a list, empty when none is. */
export const httpAddresses = () =>
  z
    .string()
    .transform((list) => list.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'http(s) addresses separated by commas' })));

/**
 * The settings `schema` makes of `env`. The first variable it refuses stops the start, in one line
 * that names it, says what it accepts and quotes what it was given.
 */
export function settingsOf<Schema extends z.ZodType>(schema: Schema, env: NodeJS.ProcessEnv): z.output<Schema> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const name = String(issue.path[0]);
  throw new Error(`${name} must be ${issue.message}, not "${env[name]}".`);
}
