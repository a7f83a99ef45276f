import type { IncomingMessage } from 'node:http';
import { requestTarget, targetUrl, type Target } from '../request';

// Each request's address as checked, kept from before routing (`rewriteUrl`) for its hooks.
const targets = new WeakMap<IncomingMessage, Target>();

/**
 * Fastify's `rewriteUrl`: the address decoded and checked once, and routed (and looked up by the
 * files' server) as checked. One that fails the check is routed to `/`, and refused before its
 * handler runs (`requests.ts`).
 */
export function rewriteUrl(req: IncomingMessage): string {
  const target = requestTarget(req.url ?? '/');
  if (!target) return '/';
  targets.set(req, target);
  return targetUrl(target);
}

/** The address of a request as checked, when it passed. */
export const targetOf = (req: IncomingMessage): Target | undefined => targets.get(req);
