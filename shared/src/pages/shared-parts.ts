import type { queries } from '../queries';

// The parts many pages show alike, and the contract that lets the render server refresh them apart
// from the pages that show them: when what one shows changes (an article published, a comment
// approved), the server renders the part once and writes it into every kept page in place of the
// old one, instead of rendering every page again.

/** The first part of a read's query key (`queries`), as the server's state names the read. */
type QueryName = ReturnType<(typeof queries)[keyof typeof queries]>['queryKey'][0];

/**
 * Each part, by name, with the reads it shows. A part is one element carrying `sharedPart(name)`,
 * shown at most once a page. It renders the same HTML on every page (fixed ids, nothing of the
 * page's own), and what it reads no other part of a page shows, except what changes every page at
 * once (the contact details): the server replaces the part and its reads in the page's state alone.
 */
export const SHARED_PARTS = {
  footer: ['contact-details', 'recent-articles'],
  'most-popular': ['most-popular'],
  topics: ['topic-counts'],
} as const satisfies Record<string, readonly QueryName[]>;

export type SharedPartName = keyof typeof SHARED_PARTS;

/** The attribute that marks a part's element with its name. */
export const SHARED_PART_ATTRIBUTE = 'data-shared-part';

/** The props that mark an element as the part `name`. */
export const sharedPart = (name: SharedPartName) => ({ [SHARED_PART_ATTRIBUTE]: name });
