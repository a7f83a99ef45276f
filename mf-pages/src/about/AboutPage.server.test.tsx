/** @jest-environment node */
import About, { page } from '../exposes/About';
import { about, contactDetails, stubCms } from '../testing/cms';
import { renderOnServer } from '@blog/shared/testing/server';

afterEach(() => jest.restoreAllMocks());

describe('About on the render server', () => {
  it('renders the whole page from the loaded reads, touching no browser global', async () => {
    expect(typeof window).toBe('undefined');
    stubCms({ 'about-mes': about, 'contact-details': contactDetails });
    const { html } = await renderOnServer(<About />, page, '/About');
    expect(html).toContain('aria-busy="false"');
    expect(html).toContain('<h1 class="title">About the Author</h1>');
    expect(html).toContain('Numbers before opinions.');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('href="https://facebook.com/author"');
    expect(html).toMatch(/<img [^>]*src="http:\/\/localhost:1337\/uploads\/author.jpg"[^>]*width="800" height="1000"/);
    expect(html).toMatch(/<img [^>]*loading="eager"[^>]*fetchpriority="high"/i);
  });

  it('renders the empty page when the CMS cannot be reached', async () => {
    stubCms({});
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { html, head } = await renderOnServer(<About />, page, '/About');
    expect(html).toContain('aria-busy="false"');
    expect(html).not.toContain('<img');
    expect(head).toEqual({ title: 'About' });
  });
});
