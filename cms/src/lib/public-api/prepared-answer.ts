import { createHash } from 'crypto';
import type { Context } from 'koa';

/** An answer's JSON and its strong ETag: the bytes sent and their hash. */
export interface PreparedAnswer {
  json: string;
  etag: string;
}

export function prepareAnswer(body: unknown): PreparedAnswer {
  const json = JSON.stringify(body);
  return { json, etag: `"${createHash('sha256').update(json).digest('base64url')}"` };
}

/** Where a route that keeps its answers hands them over prepared (`ctx.state`), so that nothing is serialized or hashed again. */
export const PREPARED_ANSWER = 'preparedAnswer';

/** Answers with `prepared`'s JSON, handed over for the public's caching headers (`publicRead`). */
export function sendPrepared(ctx: Context, prepared: PreparedAnswer): void {
  ctx.body = prepared.json;
  ctx.type = 'application/json';
  ctx.state[PREPARED_ANSWER] = prepared;
}
