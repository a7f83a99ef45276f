import { author } from './support/author';
import { TEST_ENV } from './support/global-setup';
import { expectStrapiError, request, type StrapiAnswer } from './support/http';

// The admin panel's Preview (config/admin.ts) and the read-only token the render servers read drafts with.

const ARTICLE = 'api::article.article';
const token = { Authorization: `Bearer ${TEST_ENV.PREVIEW_API_TOKEN}` };

/** The page and version a preview address opens, and the secret it carries. */
function opened(url: string) {
  const address = new URL(url);
  return {
    origin: address.origin,
    pathname: address.pathname,
    path: address.searchParams.get('path'),
    status: address.searchParams.get('status'),
    secret: address.searchParams.get('secret'),
  };
}

describe('the Preview button', () => {
  it('opens a draft article on its own link, through the site’s preview entry', async () => {
    const title = `Preview: drafts & “quotes”? ${Date.now()}`;
    const draft = await author.createDraftArticle({
      title_article: title,
      date_of_the_article: '2026-02-01',
      text_article: 'Not yet public.',
    });
    expect(opened(await author.previewUrl(ARTICLE, draft.documentId))).toEqual({
      origin: 'http://site.test',
      pathname: '/preview',
      path: `/Articles?title=${encodeURIComponent(title)}`,
      status: 'draft',
      secret: TEST_ENV.PREVIEW_SECRET,
    });
  });

  it.each([
    ['api::about-me.about-me', '/About'],
    ['api::new-start-here.new-start-here', '/New-start-here'],
    ['api::news-letter.news-letter', '/New-letter'],
    ['api::contact-detail.contact-detail', '/Contact'],
    ['api::cover-contact-me.cover-contact-me', '/Contact'],
  ])('opens %s on %s', async (uid, path) => {
    const [document] = (
      await request<StrapiAnswer<{ documentId: string }[]>>(`/api/${uid.split('.')[1]}s?pagination[pageSize]=1`)
    ).body.data;
    expect(opened(await author.previewUrl(uid, document.documentId))).toMatchObject({ path, status: 'draft' });
  });
});

describe('the render servers’ read-only token', () => {
  it('reads a draft, which the public cannot', async () => {
    const title = `Token draft ${Date.now()}`;
    await author.createDraftArticle({
      title_article: title,
      date_of_the_article: '2026-02-02',
      text_article: 'Draft.',
    });
    const query = `/api/articles?filters[title_article][$eq]=${encodeURIComponent(title)}&status=draft`;
    const withToken = await request<StrapiAnswer<{ title_article: string }[]>>(query, { headers: token });
    expect(withToken.status).toBe(200);
    expect(withToken.body.data.map(({ title_article }) => title_article)).toEqual([title]);
    expectStrapiError(await request(query), 400);
  });

  it('reads an edit of About before it is published', async () => {
    const before = await author.about();
    const phrase = `An unpublished phrase ${Date.now()}`;
    await author.editAboutDraft({ phrase });
    try {
      const draft = await request<StrapiAnswer<{ phrase: string }[]>>('/api/about-mes?status=draft', {
        headers: token,
      });
      expect(draft.body.data[0].phrase).toBe(phrase);
      const published = await request<StrapiAnswer<{ phrase: string }[]>>('/api/about-mes');
      expect(published.body.data[0].phrase).toBe(before.phrase);
    } finally {
      await author.editAbout({ phrase: before.phrase });
    }
  });

  it('writes nothing, not even what the public may', async () => {
    const [article] = (await request<StrapiAnswer<{ title_article: string }[]>>('/api/articles')).body.data;
    const comment = {
      data: { name: 'Token', comment: 'Written with the read-only token.', article: article.title_article },
    };
    expectStrapiError(await request('/api/comments', { method: 'POST', headers: token, body: comment }), 403);
  });

  it('is refused when it is not the token', async () => {
    const answer = await request('/api/articles?status=draft', { headers: { Authorization: 'Bearer forged' } });
    expect(answer.status).toBe(401);
  });
});
