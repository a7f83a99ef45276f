import { act, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { stubCms, type StandInCms } from '../testing/cms';
import { holdSeed, munitions } from '../testing/seed';
import { hydrateInBrowser, renderOnServer, type ServerPage } from '@blog/shared/testing/server';
import ArticleDetail, { page as articleDetailPage } from './ArticleDetail';
import Articles, { page as articlesPage } from './Articles';
import Home, { page as homePage } from './Home';

const munitionsQuery = `?title=${encodeURIComponent(munitions.title_article)}`;
const host = { onBack: () => undefined, onOpenArticle: () => undefined, onMissing: () => undefined };

const PAGES: [address: string, ui: ReactElement, page: typeof homePage, shows: string][] = [
  ['/', <Home />, homePage, 'Continue reading...'],
  [`/Home${munitionsQuery}`, <Home />, homePage, 'Underrated point.'],
  ['/Articles?search=cyber', <Articles />, articlesPage, 'Cyber Insurance and the Defense Contractor'],
  [`/Articles${munitionsQuery}`, <Articles />, articlesPage, 'Underrated point.'],
  ['/Articles?title=Gone', <Articles />, articlesPage, 'Looking for something special?'],
  [
    `/New-letter?year=2025&title=${encodeURIComponent(munitions.title_article)}`,
    <ArticleDetail title={munitions.title_article} {...host} />,
    articleDetailPage,
    'Underrated point.',
  ],
];

let cms: StandInCms;

beforeEach(() => {
  // Only the clock moves on its own: the reads' promises and timers run as they do in a page.
  jest.useFakeTimers({
    doNotFake: [
      'nextTick',
      'setImmediate',
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'queueMicrotask',
    ],
  });
  cms = stubCms();
  holdSeed(cms);
});

afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

/** The server's render, as it runs in Node; here jsdom's `document` makes React warn about layout effects the server build never runs. */
async function serverRender(ui: ReactElement, page: typeof homePage, address: string): Promise<ServerPage> {
  const warnings = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    return await renderOnServer(ui, page, address);
  } finally {
    warnings.mockRestore();
  }
}

/** The server's page for `address`, hydrated in this document once the clock has moved on by `later` ms. */
async function hydrateLater(ui: ReactElement, page: typeof homePage, address: string, later: number) {
  const server = await serverRender(ui, page, address);
  jest.setSystemTime(Date.now() + later);
  cms.fetch.mockClear();
  const errors = jest.spyOn(console, 'error');
  const hydrated = await act(() => Promise.resolve(hydrateInBrowser(ui, server, address)));
  const result = { errors: errors.mock.calls, recoverableErrors: hydrated.recoverableErrors };
  act(() => hydrated.root.unmount());
  errors.mockRestore();
  return result;
}

describe.each(PAGES)('%s, hydrated in the browser', (address, ui, page, shows) => {
  it('matches the server’s HTML, from the reads it embedded', async () => {
    const server = await serverRender(ui, page, address);
    cms.fetch.mockClear();
    const errors = jest.spyOn(console, 'error');
    const hydrated = await act(() => Promise.resolve(hydrateInBrowser(ui, server, address)));
    expect(errors).not.toHaveBeenCalled();
    expect(hydrated.recoverableErrors).toEqual([]);
    expect(screen.getAllByText(shows, { exact: false }).length).toBeGreaterThan(0);
    // What the server has just read, the browser does not ask again.
    expect(cms.fetch).not.toHaveBeenCalled();
    act(() => hydrated.root.unmount());
    errors.mockRestore();
  });

  it('matches it still when the browser renders hours after the server read (comments’ ages)', async () => {
    const { errors, recoverableErrors } = await hydrateLater(ui, page, address, 3 * 3_600_000);
    expect(errors).toEqual([]);
    expect(recoverableErrors).toEqual([]);
  });
});
