import type { RemoteModuleId } from '../federation/remotes';

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
}

/** Every route of the site, in navigation order: the shell routes them, a section's standalone page mounts its own. */
export const SECTIONS: Section[] = [
  { paths: ['/Home', '/'], module: 'mf_articles/Home', title: 'Home' },
  { paths: ['/Articles'], module: 'mf_articles/Articles', title: 'Articles', nav: 'Articles' },
  { paths: ['/New-start-here'], module: 'mf_pages/StartHere', title: 'Start here', nav: 'New? Start here' },
  { paths: ['/New-letter'], module: 'mf_newsletter/Newsletter', title: 'Newsletter', nav: 'Newsletter' },
  { paths: ['/About'], module: 'mf_pages/About', title: 'About', nav: 'About' },
  { paths: ['/Contact'], module: 'mf_contact/Contact', title: 'Contact', nav: 'Contact' },
];

export const documentTitle = (title: string) => `${title} · ${SITE_NAME}`;

/** The section a path shows; none is the not-found page. */
export const sectionAt = (pathname: string): Section | undefined =>
  SECTIONS.find(({ paths }) => paths.includes(pathname));

/** A container's sections, for its standalone page. */
export const sectionsOf = (container: string): Section[] =>
  SECTIONS.filter(({ module }) => module.startsWith(`${container}/`));
