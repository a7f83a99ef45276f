/** @jest-environment node */
import StartHere, { page } from '../exposes/StartHere';
import { startHere, stubCms } from '../testing/cms';
import { renderOnServer } from '@blog/shared/testing/server';

afterEach(() => jest.restoreAllMocks());

describe('Start here on the render server', () => {
  it('renders the whole page from the loaded read, touching no browser global', async () => {
    expect(typeof window).toBe('undefined');
    stubCms({ 'new-start-heres': startHere });
    const { html } = await renderOnServer(<StartHere />, page, '/New-start-here');
    expect(html).toContain('aria-busy="false"');
    expect(html).toContain('<h1 class="title">New here?</h1>');
    expect(html).toMatch(
      /<figure [^>]*><img [^>]*src="http:\/\/localhost:1337\/uploads\/start.jpg"[^>]*width="1200" height="675"/,
    );
    expect(html).toContain('<figcaption class="credit">Photo by Ana Ruiz</figcaption>');
    expect(html).toContain('<h2>Where to begin</h2>');
    expect(html).toContain('<strong>budget</strong>');
    expect(html).toContain('<blockquote>Good analysis tells you what would change its mind.</blockquote>');
  });

  it('renders the empty page when the CMS cannot be reached', async () => {
    stubCms({});
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { html, head } = await renderOnServer(<StartHere />, page, '/New-start-here');
    expect(html).toBe('<article class="startHere" aria-busy="false"></article>');
    expect(head).toEqual({ title: 'Start here' });
  });
});
