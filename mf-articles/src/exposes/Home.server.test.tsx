/** @jest-environment node */
import { renderingOnSeededServer } from '../testing/pages';
import { budgets, cyberInsurance, munitions } from '../testing/seed';
import { renderOnServer } from '@blog/shared/testing/server';
import Home, { page } from './Home';

renderingOnSeededServer();

describe('Home rendered on the server', () => {
  it('shows the two newest articles and the sidebar, loaded, the first photo asked for first', async () => {
    const { html } = await renderOnServer(<Home />, page, '/');
    expect(html).toContain('Defense Analysis for the Data-Driven Age');
    expect(html).toContain(budgets.title_article);
    expect(html).toContain(cyberInsurance.title_article);
    expect(html).toContain('<strong>Defense budgets are rising almost everywhere</strong>');
    expect(html).toContain('Continue reading...');
    expect(html).toContain('MOST POPULAR ARTICLES');
    expect(html).toContain(`>${munitions.title_article}</a>`);
    expect(html).toContain('>Geopolitics<');
    expect(html).not.toContain('aria-busy="true"');
    expect(html.match(/<img[^>]*fetchpriority="high"/gi)).toHaveLength(1);
    expect(html).toMatch(/<img[^>]*src="http:\/\/localhost:1337\/uploads\/budgets.jpg"[^>]*fetchpriority="high"/i);
  });

  it('shows the article a link opens in its place', async () => {
    const { html } = await renderOnServer(<Home />, page, `/Home?title=${encodeURIComponent(munitions.title_article)}`);
    expect(html).toContain(`>${munitions.title_article}</h1>`);
    expect(html).toContain('Underrated point.');
    expect(html).not.toContain('Latest articles');
  });
});
