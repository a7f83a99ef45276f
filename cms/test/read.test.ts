import { expect } from '@jest/globals';
import type { Article, ContactDetails } from '@blog/shared';
import { expectStrapiError, request, type StrapiAnswer } from './support/http';

describe('public reads', () => {
  it('serves every article with the fields of the spec, media as relative URLs the CMS serves', async () => {
    const { status, body } = await request<StrapiAnswer<Article[]>>(
      '/api/articles?populate=*&pagination[pageSize]=100',
    );
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(14);
    expect(body.meta.pagination.total).toBe(body.data.length);

    const article = body.data[0];
    expect(article).toEqual(
      expect.objectContaining({
        documentId: expect.any(String),
        title_article: expect.any(String),
        written_by: expect.any(String),
        date_of_the_article: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        text_article: expect.any(String),
        topics: expect.arrayContaining([expect.objectContaining({ category: expect.any(String) })]),
        articles: expect.any(Array),
        sources: expect.any(Array),
      }),
    );
    const [photo] = article.photo_article ?? [];
    expect(photo.url).toMatch(/^\/uploads\/.+\.jpe?g$/);
    const image = await fetch(`${process.env.CMS_URL}${photo.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');

    const withAudio = body.data.filter((each) => each.audio);
    expect(withAudio.length).toBeGreaterThanOrEqual(1);
    expect(withAudio[0].audio?.url).toMatch(/^\/uploads\//);
    const recommended = body.data.flatMap((each) => each.articles);
    expect(recommended[0]).toEqual(expect.objectContaining({ title_article: expect.any(String) }));
    const sources = body.data.flatMap((each) => each.sources);
    expect(sources.some(({ text }) => /\[[^\]]+\]\(https?:\/\/[^)]+\)/.test(text))).toBe(true);
  });

  it('compresses the article list for clients that accept gzip', async () => {
    const { headers } = await request('/api/articles?populate=*', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(headers.get('content-encoding')).toBe('gzip');
  });

  it('pages at 25 by default and tells the client how many pages there are', async () => {
    const { body } = await request<StrapiAnswer<Article[]>>('/api/articles?populate=*');
    expect(body.meta.pagination).toEqual(expect.objectContaining({ page: 1, pageSize: 25 }));
    expect(body.meta.pagination.total).toBeGreaterThanOrEqual(body.data.length);
  });

  it.each([
    ['contact-details', ['email', 'phone', 'location', 'Facebook_url', 'x_url', 'linkedin_url', 'instagram_url']],
    ['cover-contact-mes', ['title', 'intro', 'card_title', 'card_intro']],
    ['about-mes', ['title', 'phrase', 'description', 'photo']],
    ['new-start-heres', ['title', 'photo', 'photo_by', 'text']],
    ['news-letters', ['title', 'sub_title', 'invitation_message_to_join']],
  ])('serves %s with its fields', async (path, fields) => {
    const { status, body } = await request<StrapiAnswer<Record<string, unknown>[]>>(`/api/${path}?populate=*`);
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    for (const field of fields) expect(body.data[0][field]).toBeTruthy();
  });

  it('geocodable contact address keeps its "#", as the site removes it before geocoding', async () => {
    const { body } = await request<StrapiAnswer<ContactDetails[]>>('/api/contact-details?populate=*');
    expect(body.data[0].location).toContain('#');
  });

  it.each([
    ['POST', '/api/articles'],
    ['PUT', '/api/about-mes/x'],
    ['DELETE', '/api/news-letters/x'],
    ['GET', '/api/users'],
    ['POST', '/api/auth/local/register'],
    ['POST', '/api/upload'],
  ])('refuses %s %s to the public', async (method, path) => {
    const answer = await request(path, { method, body: method === 'GET' ? undefined : { data: {} } });
    expect([403, 404, 405]).toContain(answer.status);
    expect(answer.body?.error?.status).toBe(answer.status);
  });

  it('refuses a malformed query with a 400 in Strapi error shape', async () => {
    expectStrapiError(await request('/api/articles?populate=*&filters[nope][$eq]=1'), 400);
  });
});
