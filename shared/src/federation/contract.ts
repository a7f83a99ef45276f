import type { ComponentType } from 'react';
import type { SectionPage } from '../pages/page';

// The types sections, the shell and the render server share about loading sections, apart from the
// browser's runtime (`remotes.ts`), so that a program with no DOM can name them.

/** `container/exposed`, e.g. `mf_articles/Home`. */
export type RemoteModuleId = `${string}/${string}`;

/** Where each section is deployed: read at run time from the page's own `/remotes.json`. */
export type RemoteManifests = Record<string, string>;

/** What a section exposes: its component and, for a page the server renders, what that page needs. */
export interface SectionModule<Props = Record<string, unknown>> {
  default: ComponentType<Props>;
  page?: SectionPage;
}

/** How the sections on a page are loaded: the browser's runtime, or the render server's for one request. */
export interface SectionLoader {
  load(id: RemoteModuleId): Promise<SectionModule>;
  /** The module, when it is loaded already: rendered at once, as the server rendered it. */
  peek(id: RemoteModuleId): SectionModule | undefined;
  /** The server could not load or render it: the page hydrates its fallback, then the browser tries. */
  failedOnServer(id: RemoteModuleId): boolean;
}
