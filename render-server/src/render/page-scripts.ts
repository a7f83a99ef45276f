/** The scripts a rendered page runs, all named in its HTML so that none waits on another to be found. */
export interface PageScripts {
  /** Fetched together, for webpack's and Module Federation's runtimes to find in the cache. */
  preloads: string[];
  /** Run in this order, each checked against its hash (`integrity`): a script changed on its way is not run. */
  entries: { src: string; integrity: string }[];
}

/**
 * The longest the scripts wait for the first paint and the lead image: a slow media host delays
 * the page's interactivity by no more than this (the time within which Core Web Vitals call an LCP good).
 */
export const SCRIPTS_WAIT_MS = 2500;

/**
 * Runs in the page, from its own text: no imports, nothing it does not define. It asks for the
 * page's scripts once the page has painted and its lead image (the one fetched first) has loaded,
 * so that on a slow connection the scripts never share the bandwidth the reader's first view needs.
 */
function startScripts(scripts: PageScripts, waitMs: number): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    scripts.preloads.forEach((href) => {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.setAttribute('as', 'script');
      link.href = href;
      document.head.appendChild(link);
    });
    scripts.entries.forEach(({ src, integrity }) => {
      const script = document.createElement('script');
      script.src = src;
      script.integrity = integrity;
      // Inserted scripts run as they arrive unless told otherwise: these run in order.
      script.async = false;
      document.head.appendChild(script);
    });
  };
  setTimeout(start, waitMs);
  const afterLeadImage = () => {
    const lead = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    if (!lead || lead.complete) start();
    else {
      lead.addEventListener('load', start);
      lead.addEventListener('error', start);
    }
  };
  // A hidden page paints nothing until it is shown; a browser that does not report paints is not waited on.
  const paintReported =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes.includes('paint');
  if (document.visibilityState === 'hidden' || !paintReported) {
    afterLeadImage();
    return;
  }
  const painted = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    painted.disconnect();
    afterLeadImage();
  });
  painted.observe({ type: 'paint', buffered: true });
}

/** The page's last script: it starts the others (`startScripts`). */
export function startScriptsTag(scripts: PageScripts): string {
  // `<` escaped: no address can close the script.
  const input = JSON.stringify(scripts).replace(/</g, '\\u003c');
  return `<script>(${startScripts.toString()})(${input}, ${SCRIPTS_WAIT_MS});</script>`;
}
