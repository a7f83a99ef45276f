import type { QueryClient } from '../query';
import type { RemoteModuleId } from '../federation/contract';

/** The address a page is rendered for. */
export interface PageRequest {
  /** As routed: `/Articles`. */
  pathname: string;
  /** Its query: `?title=…`, `?search=…&page=2`, `?year=2025`. */
  searchParams: URLSearchParams;
}

/** An image a page leads with: its link preview and, on the page, the largest thing painted first. */
export interface PageImage {
  /** Absolute, as link previews need. */
  url: string;
  width?: number;
  height?: number;
  alt: string;
}

/** What a page tells search engines and link previews about itself. */
export interface PageHead {
  /** Without the site's name, which the document title adds. */
  title: string;
  description?: string;
  image?: PageImage;
  /** An article: Open Graph's `article` type and a `BlogPosting`. */
  article?: {
    author?: string;
    /** ISO 8601. */
    publishedTime?: string;
    /** ISO 8601: when it was last changed. */
    modifiedTime?: string;
    tags?: string[];
  };
}

/**
 * What a section's exposed page needs to be rendered on the server for an address: exported by
 * the exposed module as `page`, next to its component.
 */
export interface SectionPage {
  /**
   * Loads into `reads` what it shows for the address (`reads.prefetchQuery(queries.about())`, or
   * `fetchQuery` when one read decides the next); the server renders once it settles and embeds
   * the reads for the browser.
   */
  load(request: PageRequest, reads: QueryClient): Promise<unknown>;
  /** Other sections' modules it shows for the address (the newsletter shows mf-articles' detail). */
  remotes?(request: PageRequest): RemoteModuleId[];
  /** Its head once its reads are loaded; none keeps the section's title and the site's description. */
  head?(request: PageRequest, reads: QueryClient): PageHead | undefined;
}
