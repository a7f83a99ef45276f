import { errors } from '@strapi/utils';
import { publicTextFields } from './public-input';

export const VOTE_FIELDS = ['like', 'dislike'] as const;
export type VoteField = (typeof VOTE_FIELDS)[number];
export interface Vote {
  field: VoteField;
  step: 1 | -1;
}

const COUNT = /^\d{1,9}$/;

/**
 * A vote keeps the spec's body, `{ data: { like: "6" } }` (the count the visitor expects, as text),
 * and adds the header `X-Vote-Base: 5` (the count the visitor saw). Their difference is the step the
 * visitor means, +1 or -1; the server applies that step to whatever is stored now, so votes cast
 * from stale pages by many visitors at once all count.
 */
export function parseVote(body: { data?: unknown } | undefined, baseHeader: string | undefined): Vote {
  const fields = publicTextFields(body, VOTE_FIELDS);
  const present = VOTE_FIELDS.filter((field) => fields[field] !== undefined);
  if (present.length !== 1) {
    throw new errors.ValidationError('A vote changes exactly one of like or dislike.');
  }
  const field = present[0];
  const value = fields[field] as string;
  if (!COUNT.test(value)) {
    throw new errors.ValidationError(`${field} must be a count written as text, e.g. "3".`);
  }
  if (!baseHeader || !COUNT.test(baseHeader)) {
    throw new errors.ValidationError('The X-Vote-Base header must carry the count the visitor saw, e.g. "2".');
  }
  const step = Number(value) - Number(baseHeader);
  if (step !== 1 && step !== -1) {
    throw new errors.ValidationError(`A vote moves ${field} by one: send the count seen plus or minus one.`);
  }
  return { field, step };
}
