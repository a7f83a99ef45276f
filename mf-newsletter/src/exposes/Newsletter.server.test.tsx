/** @jest-environment node */
// The exposed page as the render server renders it: no browser global is touched while rendering.
import { SectionLoaderContext, type SectionLoader } from '@blog/shared/federation';
import { renderOnServer } from '@blog/shared/testing/server';
import { articlesSection, serveCms } from '../newsletter/testing';
import Newsletter, { page } from './Newsletter';

/** The page's HTML for `address`, with mf-articles' detail as the section loader gives it. */
async function htmlAt(address: string, articles: SectionLoader = articlesSection()) {
  const ui = (
    <SectionLoaderContext.Provider value={articles}>
      <Newsletter />
    </SectionLoaderContext.Provider>
  );
  return (await renderOnServer(ui, page, address)).html;
}

beforeEach(() => {
  serveCms();
});

describe('the newsletter page rendered on the server', () => {
  it('shows the banner and the latest year of the archive, loaded', async () => {
    const html = await htmlAt('/New-letter');
    expect(typeof window).toBe('undefined');
    expect(html).toContain('The Ferrer Brief');
    expect(html).toContain('Join readers who get each new analysis first.');
    expect(html).toContain('NewsLetters by date');
    expect(html).toMatch(/aria-busy="false"[^>]*><header/);
    expect(html).toMatch(/<option value="2025" selected="">2025<\/option>/);
    for (const text of [
      'JUNE',
      'MARCH',
      'JANUARY',
      'June Piece',
      'Late March',
      'href="/New-letter?year=2025&amp;title=Late%20March"',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('shows the year the address names', async () => {
    const html = await htmlAt('/New-letter?year=2024');
    expect(html).toMatch(/<option value="2024" selected="">2024<\/option>/);
    expect(html).toContain('Older Year');
    expect(html).not.toContain('June Piece');
  });

  it('shows the article an address opens through mf-articles’ detail, and nothing of the archive', async () => {
    const html = await htmlAt('/New-letter?year=2024&title=Older%20Year');
    expect(html).toContain('<h1>Older Year</h1>');
    expect(html).not.toContain('NewsLetters by date');
  });

  it('shows the fallback of the article when mf-articles could not be rendered', async () => {
    const failed = { ...articlesSection(), peek: () => undefined, failedOnServer: () => true };
    const html = await htmlAt('/New-letter?year=2024&title=Older%20Year', failed);
    expect(html).toMatch(/The (<!-- -->)?Article(<!-- -->)? section is unavailable right now\./);
  });
});
