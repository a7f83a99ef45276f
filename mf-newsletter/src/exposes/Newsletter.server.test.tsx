/** @jest-environment node */
// The exposed page as the render server renders it: no browser global is touched while rendering.
import { createQueryClient, ROUTER_FUTURE } from '@blog/shared';
import { SectionLoaderContext, type SectionLoader } from '@blog/shared/federation';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { articlesSection, serveCms } from '../newsletter/testing';
import Newsletter, { page } from './Newsletter';

async function renderOnServer(address: string, articles: SectionLoader = articlesSection()) {
  const url = new URL(address, 'http://blog.test');
  const reads = createQueryClient();
  await page.load({ pathname: url.pathname, searchParams: url.searchParams }, reads);
  return renderToString(
    <SectionLoaderContext.Provider value={articles}>
      <QueryClientProvider client={reads}>
        <StaticRouter location={address} future={ROUTER_FUTURE}>
          <Newsletter />
        </StaticRouter>
      </QueryClientProvider>
    </SectionLoaderContext.Provider>,
  );
}

beforeEach(() => {
  serveCms();
});

describe('the newsletter page rendered on the server', () => {
  it('shows the banner and the latest year of the archive, loaded', async () => {
    const html = await renderOnServer('/New-letter');
    expect(typeof window).toBe('undefined');
    expect(html).toContain('The Ferrer Brief');
    expect(html).toContain('Join readers who get each new analysis first.');
    expect(html).toContain('NewsLetters by date');
    expect(html).toMatch(/aria-busy="false"[^>]*><header/);
    expect(html).toMatch(/<option value="2025" selected="">2025<\/option>/);
    for (const text of ['JUNE', 'MARCH', 'JANUARY', 'June Piece', 'Late March', 'href="/New-letter?year=2025&amp;title=Late%20March"']) {
      expect(html).toContain(text);
    }
  });

  it('shows the year the address names', async () => {
    const html = await renderOnServer('/New-letter?year=2024');
    expect(html).toMatch(/<option value="2024" selected="">2024<\/option>/);
    expect(html).toContain('Older Year');
    expect(html).not.toContain('June Piece');
  });

  it('shows the article an address opens through mf-articles’ detail, and nothing of the archive', async () => {
    const html = await renderOnServer('/New-letter?year=2024&title=Older%20Year');
    expect(html).toContain('<h1>Older Year</h1>');
    expect(html).not.toContain('NewsLetters by date');
  });

  it('shows the fallback of the article when mf-articles could not be rendered', async () => {
    const failed = { ...articlesSection(), peek: () => undefined, failedOnServer: () => true };
    const html = await renderOnServer('/New-letter?year=2024&title=Older%20Year', failed);
    expect(html).toMatch(/The (<!-- -->)?Article(<!-- -->)? section is unavailable right now\./);
  });
});
