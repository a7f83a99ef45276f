import { createContext, type Context } from 'react';
import type { SectionLoader, SectionModule } from './contract';
import { loadRemoteModule, peekRemoteModule } from './remotes';

export type { SectionLoader, SectionModule };

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
