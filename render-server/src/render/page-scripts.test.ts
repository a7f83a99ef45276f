import { SCRIPTS_WAIT_MS, startScriptsTag, type PageScripts } from './page-scripts';

const SCRIPTS: PageScripts = {
  preloads: ['/870.js', 'http://sections.test/remoteEntry.js'],
  entries: [
    { src: '/runtime.js', integrity: 'sha384-runtime' },
    { src: '/main.js', integrity: 'sha384-main' },
  ],
};
const LEAD_IMAGE = '<img src="http://media.test/lead.jpg" fetchpriority="high" alt="">';

/** Runs the tag's script as the browser would, in this document. */
function runTag(scripts: PageScripts) {
  const text = /^<script>([\s\S]*)<\/script>$/.exec(startScriptsTag(scripts))?.[1];
  if (text === undefined) throw new Error('not one script');
  window.eval(text);
}

type PaintList = { getEntriesByName: (name: string) => unknown[] };

/** The browser's paint reports, played by the test: the function returned reports a paint by name. */
function paintReports(): (name: string) => void {
  const observers: ((list: PaintList) => void)[] = [];
  class PaintObserver {
    static supportedEntryTypes = ['paint'];
    constructor(private readonly report: (list: PaintList) => void) {}
    observe() {
      observers.push(this.report);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.report), 1);
    }
  }
  Object.defineProperty(window, 'PerformanceObserver', { value: PaintObserver, configurable: true });
  return (paint) =>
    [...observers].forEach((report) => report({ getEntriesByName: (name) => (name === paint ? [{ name }] : []) }));
}

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map(({ href }) => href);
const started = () =>
  [...document.head.querySelectorAll<HTMLScriptElement>('script[src]')].map(({ src, integrity, async }) => ({
    src,
    integrity,
    async,
  }));

describe('the script that starts a page’s scripts', () => {
  const browserObserver = Object.getOwnPropertyDescriptor(window, 'PerformanceObserver');
  beforeEach(() => {
    jest.useFakeTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });
  afterEach(() => {
    jest.useRealTimers();
    if (browserObserver) Object.defineProperty(window, 'PerformanceObserver', browserObserver);
    else delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
  });

  it('waits for the first contentful paint, then fetches every script at once and runs the entries in order, checked against their hashes', () => {
    const paint = paintReports();
    runTag(SCRIPTS);
    paint('first-paint');
    expect(started()).toEqual([]);

    paint('first-contentful-paint');
    expect(preloaded()).toEqual(['http://localhost/870.js', 'http://sections.test/remoteEntry.js']);
    expect(started()).toEqual([
      { src: 'http://localhost/runtime.js', integrity: 'sha384-runtime', async: false },
      { src: 'http://localhost/main.js', integrity: 'sha384-main', async: false },
    ]);
  });

  it('lets the page’s lead image load after the paint, then starts the scripts once', () => {
    document.body.innerHTML = LEAD_IMAGE;
    const paint = paintReports();
    runTag(SCRIPTS);
    paint('first-contentful-paint');
    expect(started()).toEqual([]);

    document.querySelector('img')?.dispatchEvent(new Event('load'));
    expect(started()).toHaveLength(2);
    jest.advanceTimersByTime(SCRIPTS_WAIT_MS);
    expect(started()).toHaveLength(2);
  });

  it('starts the scripts when the lead image fails', () => {
    document.body.innerHTML = LEAD_IMAGE;
    const paint = paintReports();
    runTag(SCRIPTS);
    paint('first-contentful-paint');

    document.querySelector('img')?.dispatchEvent(new Event('error'));
    expect(started()).toHaveLength(2);
  });

  it('does not let a page that never paints or a slow lead image hold its scripts longer than a good LCP takes', () => {
    paintReports();
    runTag(SCRIPTS);
    jest.advanceTimersByTime(SCRIPTS_WAIT_MS - 1);
    expect(started()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(started()).toHaveLength(2);

    document.head.innerHTML = '';
    document.body.innerHTML = LEAD_IMAGE;
    const paint = paintReports();
    runTag(SCRIPTS);
    paint('first-contentful-paint');
    jest.advanceTimersByTime(SCRIPTS_WAIT_MS - 1);
    expect(started()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(started()).toHaveLength(2);
  });

  it('in a browser that reports no paints, waits only for the lead image', () => {
    delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
    runTag(SCRIPTS);
    expect(started()).toHaveLength(2);
  });

  it('cannot be closed by an address', () => {
    const tag = startScriptsTag({ preloads: ['/a.js?</script><script>alert(1)</script>'], entries: [] });
    expect(tag.match(/<\/script>/g)).toHaveLength(1);
    delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
    runTag({ preloads: ['/a.js?</script>'], entries: [] });
    expect(preloaded()).toEqual(['http://localhost/a.js?%3C/script%3E']);
  });
});
