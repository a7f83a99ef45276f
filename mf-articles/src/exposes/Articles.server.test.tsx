/** @jest-environment node */
import { renderingOnSeededServer } from '../testing/pages';
import { budgets, cyberInsurance, munitions } from '../testing/seed';
import { renderOnServer } from '@blog/shared/testing/server';
import Articles, { page } from './Articles';

renderingOnSeededServer();

describe('Articles rendered on the server', () => {
  it('shows the page of results its address asks for, the search box holding the term', async () => {
    const { html } = await renderOnServer(<Articles />, page, '/Articles?search=cyber');
    expect(html).toContain(cyberInsurance.title_article);
    expect(html).not.toContain(budgets.title_article);
    expect(html).toMatch(/<input[^>]*type="search"[^>]*value="cyber"/);
    expect(html).toContain('1 article');
    expect(html).not.toContain('aria-busy="true"');
  });

  it('shows a search’s facets as links, the topic its address narrows to marked', async () => {
    const topic = cyberInsurance.topics[0].category;
    const { html } = await renderOnServer(
      <Articles />,
      page,
      `/Articles?search=cyber&topic=${encodeURIComponent(topic)}`,
    );
    expect(html).toContain(cyberInsurance.title_article);
    expect(html).toContain('aria-label="Narrow the results"');
    expect(html).toMatch(new RegExp(`<a[^>]*aria-current="true"[^>]*>${topic} \\(1\\)</a>`));
    expect(html).toContain('All topics');
  });

  it('shows every article’s first page, the first card’s photo asked for first', async () => {
    const { html } = await renderOnServer(<Articles />, page, '/Articles');
    expect(html).toContain('3 articles');
    expect(html.match(/<img[^>]*fetchpriority="high"/gi)).toHaveLength(1);
    expect(html).toMatch(/<img[^>]*src="http:\/\/localhost:1337\/uploads\/budgets.jpg"[^>]*fetchpriority="high"/i);
  });

  it('shows the article a shared link names, with its comments, its age and its sidebar', async () => {
    const { html } = await renderOnServer(
      <Articles />,
      page,
      `/Articles?title=${encodeURIComponent(munitions.title_article)}`,
    );
    expect(html).toContain(`>${munitions.title_article}</h1>`);
    expect(html).toContain('Laura');
    expect(html).toContain('1 hour ago');
    expect(html).toContain('MOST POPULAR ARTICLES');
    expect(html).not.toContain('aria-busy="true"');
    expect(html).not.toContain('type="search"');
  });

  it('shows the list for a title that names no article', async () => {
    const { html } = await renderOnServer(<Articles />, page, '/Articles?title=No%20such%20article');
    expect(html).toContain('type="search"');
    expect(html).toContain(budgets.title_article);
  });
});
