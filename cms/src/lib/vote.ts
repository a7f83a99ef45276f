import { errors } from '@strapi/utils';
import { publicTextFields } from './public-input';

export const VOTE_FIELDS = ['like', 'dislike'] as const;
export type VoteField = (typeof VOTE_FIELDS)[number];

/**
 * A vote keeps the spec's body, `{ data: { like: "6" } }`: the count the visitor expects, as text.
 * - With the header `X-Vote-Base: 5` (the count the visitor saw), the difference is the step the
 *   visitor means, applied to whatever is stored now: votes from stale pages all count.
 * - Without it (the spec's own request, as any client sends it), the count is a compare-and-set:
 *   taken only when it is one step from the stored count, otherwise refused with the current count.
 */
export type Vote = { field: VoteField; step: 1 | -1 } | { field: VoteField; count: number };

const COUNT = /^\d{1,9}$/;

export function parseVote(body: unknown, baseHeader: string | undefined): Vote {
  const fields = publicTextFields(body, VOTE_FIELDS);
  const present = VOTE_FIELDS.filter((field) => fields[field] !== undefined);
  if (present.length !== 1) {
    throw new errors.ValidationError('A vote changes exactly one of like or dislike.');
  }
  const field = present[0];
  const value = fields[field];
  if (!COUNT.test(value)) {
    throw new errors.ValidationError(`${field} must be a count written as text, e.g. "3".`);
  }
  if (baseHeader === undefined || baseHeader === '') return { field, count: Number(value) };
  if (!COUNT.test(baseHeader)) {
    throw new errors.ValidationError('The X-Vote-Base header must carry the count the visitor saw, e.g. "2".');
  }
  const step = Number(value) - Number(baseHeader);
  if (step !== 1 && step !== -1) {
    throw new errors.ValidationError(`A vote moves ${field} by one: send the count seen plus or minus one.`);
  }
  return { field, step };
}
