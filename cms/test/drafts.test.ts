import { author } from './support/author';
import { expectStrapiError, request, type StrapiAnswer } from './support/http';

interface ArticleAnswer {
  documentId: string;
  title_article: string;
  text_article: string;
  articles?: { title_article: string }[];
}

describe('drafts stay private', () => {
  let neverPublished: { documentId: string };
  let edited: { documentId: string };

  beforeAll(async () => {
    neverPublished = await author.createDraftArticle({
      title_article: 'Draft never published',
      date_of_the_article: '2026-01-02',
      text_article: 'Secret draft text',
    });
    edited = await author.publishArticle({
      title_article: 'Published, then edited',
      date_of_the_article: '2026-01-03',
      text_article: 'The published text',
      articles: [neverPublished.documentId],
    });
    await author.editArticleDraft(edited.documentId, { text_article: 'An unpublished edit' });
  });

  const everyArticle = async (query = '') => {
    const { status, body } = await request<StrapiAnswer<ArticleAnswer[]>>(
      `/api/articles?populate=*&pagination[pageSize]=100${query}`,
    );
    expect(status).toBe(200);
    return body.data;
  };

  it('lists the published text of an edited article and never a draft-only article', async () => {
    const articles = await everyArticle();
    expect(articles.find(({ documentId }) => documentId === edited.documentId)?.text_article).toBe(
      'The published text',
    );
    expect(articles.some(({ documentId }) => documentId === neverPublished.documentId)).toBe(false);
    expect(JSON.stringify(articles)).not.toMatch(/Secret draft text|An unpublished edit/);
  });

  it('reads single entries as published: the edit stays private, the never-published draft is not found', async () => {
    const { body } = await request<StrapiAnswer<ArticleAnswer>>(`/api/articles/${edited.documentId}?populate=*`);
    expect(body.data.text_article).toBe('The published text');
    expectStrapiError(await request(`/api/articles/${neverPublished.documentId}`), 404);
  });

  it('never reveals a draft through a published article’s recommendations', async () => {
    for (const populate of [
      'populate=*',
      'populate[articles][fields][0]=title_article',
      'populate[articles][populate]=*',
      'populate[articles][filters][publishedAt][$null]=true',
    ]) {
      const { status, body } = await request<StrapiAnswer<ArticleAnswer>>(
        `/api/articles/${edited.documentId}?${populate}`,
      );
      expect(status).toBe(200);
      expect(body.data.articles ?? []).toEqual([]);
    }
  });

  it.each([
    ['the list', () => '/api/articles?status=draft'],
    ['the list, with status in another case', () => '/api/articles?status=DRAFT'],
    ['the list, with status as an array', () => '/api/articles?status[0]=draft'],
    ['one article', () => `/api/articles/${edited.documentId}?status=draft`],
    ['a never-published article', () => `/api/articles/${neverPublished.documentId}?status=draft`],
  ])('refuses status=draft on %s with 400', async (_case, path) => {
    const answer = await request(path());
    expectStrapiError(answer, 400);
    expect(JSON.stringify(answer.body)).not.toMatch(/Secret draft text|An unpublished edit/);
  });

  it('finds no draft by filtering on the publication date', async () => {
    expect(await everyArticle('&filters[publishedAt][$null]=true')).toEqual([]);
  });

  it('answers status=published as without it', async () => {
    expect(await everyArticle('&status=published')).toEqual(await everyArticle());
  });

  it.each(['about-mes', 'new-start-heres', 'news-letters', 'contact-details', 'cover-contact-mes', 'comments'])(
    'refuses status=draft on %s with 400',
    async (path) => {
      expectStrapiError(await request(`/api/${path}?status=draft`), 400);
    },
  );
});
