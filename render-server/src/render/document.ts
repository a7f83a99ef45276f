import { createHash } from 'node:crypto';
import { inlinable, integrityOf, stylesheetTag } from './head';
import type { PageScripts } from './page-scripts';

/** What the server writes into the page instead of having the browser ask for it before it can paint. */
export interface TemplateAssets {
  /** The run-time configuration that `config.js` holds. */
  config: Record<string, unknown>;
  /** The text of one of the shell's own files (`/777.css`, `/main.1234.js`). */
  file: (href: string) => string;
}

/** The shell's built `index.html`, cut where the server writes the page's head and its rendered body. */
export interface DocumentTemplate {
  /** Which build of the shell it is: pages it rendered are not another build's. */
  id: string;
  /** Up to `</head>`: the theme script, the shell's stylesheet and scripts; the title and description are the page's. */
  beforeHead: string;
  /** From `</head>` to the root element's opening tag, included. */
  beforeApp: string;
  /** After the root element's closing tag, to the end. */
  afterApp: string;
  /** The build's scripts, taken out of its head: the page starts them (`startScriptsTag`). */
  scripts: PageScripts;
}

// The build's HTML is minified: its attributes may have lost their quotes.
export const ROOT = /<div id="?root"?>/;

const CONFIG_SCRIPT = /<script src="?\/config\.js"?><\/script>/;
const STYLESHEET = /<link rel="?stylesheet"? href="?([^"\s>]+)"?\s*\/?>/g;
const SCRIPT = /<script defer src="?([^"\s>]+)"?><\/script>/g;
const SCRIPT_PRELOAD = /<link rel="?preload"? as="?script"? href="?([^"\s>]+)"?[^>]*>/g;

export function documentTemplate(html: string, { config, file }: TemplateAssets): DocumentTemplate {
  const scripts: PageScripts = { preloads: [], entries: [] };
  // The page's own title and description replace the build's.
  const page = html
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta name="?description"?[^>]*>/, '')
    // Two requests fewer before the first paint: the configuration and the shell's rules, written in.
    .replace(
      CONFIG_SCRIPT,
      () => `<script>window.__BLOG_CONFIG__ = ${JSON.stringify(config).replace(/</g, '\\u003c')};</script>`,
    )
    // The build's HTML names them from the site's root; webpack's runtime by the chunk's file.
    .replace(STYLESHEET, (_link, href: string) => {
      const text = file(href);
      return stylesheetTag({
        href,
        css: inlinable(text, href),
        integrity: integrityOf(text),
        chunkHref: href.replace(/^\//, ''),
      });
    })
    .replace(SCRIPT_PRELOAD, (_link, href: string) => {
      scripts.preloads.push(href);
      return '';
    })
    .replace(SCRIPT, (_script, src: string) => {
      scripts.entries.push({ src, integrity: integrityOf(file(src)) });
      return '';
    });
  const headEnd = page.indexOf('</head>');
  const root = ROOT.exec(page);
  const rootEnd = root ? page.indexOf('</div>', root.index) : -1;
  if (headEnd < 0 || !root || root.index < headEnd || rootEnd < 0) {
    throw new Error('index.html has no </head> and <div id="root"></div>');
  }
  return {
    id: createHash('sha256').update(html).digest('hex').slice(0, 12),
    beforeHead: page.slice(0, headEnd),
    beforeApp: page.slice(headEnd, root.index + root[0].length),
    afterApp: page.slice(rootEnd + '</div>'.length),
    scripts,
  };
}
