export * from './entries';

/** Forgets the answers the client shares for a few seconds between a page's sections, so each test asks afresh. */
export function forgetSharedReads(): void {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('@blog/shared reads')];
}

/** The address a stubbed `fetch` was asked for, whichever form it was given in. */
export const addressOf = (input: string | URL | Request): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
