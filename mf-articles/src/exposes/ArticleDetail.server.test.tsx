/** @jest-environment node */
import { renderingOnSeededServer } from '../testing/pages';
import { munitions } from '../testing/seed';
import { renderOnServer } from '@blog/shared/testing/server';
import ArticleDetail, { page } from './ArticleDetail';

renderingOnSeededServer();

const host = { onBack: () => undefined, onOpenArticle: () => undefined, onMissing: () => undefined };

describe('the article detail rendered on the server', () => {
  it('shows the article the newsletter’s address names, its photo asked for first', async () => {
    const address = `/New-letter?year=2025&title=${encodeURIComponent(munitions.title_article)}`;
    const { html } = await renderOnServer(<ArticleDetail title={munitions.title_article} {...host} />, page, address);
    expect(html).toContain(`>${munitions.title_article}</h1>`);
    expect(html).toContain('<blockquote>Slowest stage sets the pace.</blockquote>');
    expect(html).toContain('Underrated point.');
    expect(html).toContain('Recommended articles');
    expect(html).not.toContain('aria-busy="true"');
    expect(html).toMatch(/<img[^>]*src="http:\/\/localhost:1337\/uploads\/munitions.jpg"[^>]*fetchpriority="high"/i);
  });
});
