import type { RemoteModuleId } from '../federation/contract';

export const SITE_NAME = 'Defense Analysis';

/** What the site is about, for pages that say nothing more specific. */
export const SITE_DESCRIPTION = 'Defense and business analysis for the data-driven age.';

export interface Section {
  /** The routes of spec §2 that show this section; the first is the page's own address (its canonical URL). */
  paths: string[];
  /** The exposed module that renders it. */
  module: RemoteModuleId;
  /** The document title and what the fallback calls it. */
  title: string;
  /** The navigation label, for sections the navigation bar links to. */
  nav?: string;
  /** The query parameters its page reads (`?title=…`): the rest of an address's query changes nothing it shows. */
  params: string[];
}

/** Every route of the site, in navigation order: the shell routes them, a section's standalone page mounts its own. */
export const SECTIONS: Section[] = [
  { paths: ['/Home', '/'], module: 'mf_articles/Home', title: 'Home', params: ['title'] },
  {
    paths: ['/Articles'],
    module: 'mf_articles/Articles',
    title: 'Articles',
    nav: 'Articles',
    params: ['title', 'search', 'topic', 'year', 'page'],
  },
  { paths: ['/New-start-here'], module: 'mf_pages/StartHere', title: 'Start here', nav: 'New? Start here', params: [] },
  {
    paths: ['/New-letter'],
    module: 'mf_newsletter/Newsletter',
    title: 'Newsletter',
    nav: 'Newsletter',
    params: ['year', 'title'],
  },
  { paths: ['/About'], module: 'mf_pages/About', title: 'About', nav: 'About', params: [] },
  { paths: ['/Contact'], module: 'mf_contact/Contact', title: 'Contact', nav: 'Contact', params: [] },
];

export const documentTitle = (title: string) => `${title} · ${SITE_NAME}`;

/** The section a path shows; none is the not-found page. */
export const sectionAt = (pathname: string): Section | undefined =>
  SECTIONS.find(({ paths }) => paths.includes(pathname));

/**
 * The route a path names as the browser's router matches it, in any case and with or without a
 * trailing slash (`/articles/` is `/Articles`): its section and its own spelling of the path.
 */
export function routeAt(pathname: string): { section: Section; path: string } | undefined {
  const wanted = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();
  for (const section of SECTIONS) {
    const path = section.paths.find((each) => each.toLowerCase() === wanted);
    if (path) return { section, path };
  }
  return undefined;
}

/**
 * The address of what a page shows: its path and the parameters its section reads, in one order,
 * the first value of each; anything else in the query (`utm_source`, a repeated value) is left out.
 * Two addresses that show the same page have the same one.
 */
export function pageAddress(path: string, section: Section, searchParams: URLSearchParams): string {
  const query = [...section.params]
    .sort()
    .flatMap((name) => {
      const value = searchParams.get(name);
      return value === null ? [] : [`${name}=${encodeURIComponent(value)}`];
    })
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** A container's sections, for its standalone page. */
export const sectionsOf = (container: string): Section[] =>
  SECTIONS.filter(({ module }) => module.startsWith(`${container}/`));
