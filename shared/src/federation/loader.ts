import { createContext, type ComponentType, type Context } from 'react';
import { loadRemoteModule, peekRemoteModule, type RemoteModuleId } from './remotes';
import type { SectionPage } from '../pages/page';

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

export const browserSectionLoader: SectionLoader = {
  load: (id) => loadRemoteModule<SectionModule>(id),
  peek: (id) => peekRemoteModule<SectionModule>(id),
  failedOnServer: () => false,
};

// Every section bundles its own copy of this module (mf-newsletter loads mf-articles' detail):
// one context for the whole page, kept on the page's (or the server's) global object.
const CONTEXT = Symbol.for('@blog/shared section loader');
type WithContext = typeof globalThis & { [CONTEXT]?: Context<SectionLoader> };

export const SectionLoaderContext: Context<SectionLoader> = ((globalThis as WithContext)[CONTEXT] ??=
  createContext<SectionLoader>(browserSectionLoader));
