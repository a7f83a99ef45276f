import { expect } from '@jest/globals';
import { fetchArticles, fetchComments, planVote, postComment, voteComment } from '@blog/shared';
import { author } from './support/author';
import { request, type StrapiAnswer } from './support/http';

// The site's own client, against the real CMS.
beforeAll(() => {
  globalThis.__BLOG_CONFIG__ = { cmsUrl: process.env.CMS_URL };
});

describe('the typed client against the CMS', () => {
  it('reads every article and every approved comment, far past the 25 of one page', async () => {
    // Counted apart: the client answers a second read of the same list within 5 s from the first.
    const before = (await request('/api/articles?pagination[pageSize]=1')).body.meta.pagination.total;
    for (let i = 0; i < 26 - before + 5; i += 1) {
      await author.publishArticle({ title_article: `Paging probe ${i}`, date_of_the_article: '2023-01-01' });
    }
    const articles = await fetchArticles();
    expect(articles.length).toBeGreaterThan(25);
    expect(new Set(articles.map(({ documentId }) => documentId)).size).toBe(articles.length);
    expect(articles.map(({ title_article }) => title_article)).toContain('Paging probe 0');

    for (let i = 0; i < 30; i += 1) {
      const { body } = await request<StrapiAnswer<{ documentId: string }>>('/api/comments', {
        method: 'POST',
        body: { data: { name: `Reader ${i}`, comment: 'Paging', article: 'Paging probe 0' } },
      });
      await author.approveComment(body.data.documentId);
    }
    const comments = await fetchComments();
    expect(comments.length).toBeGreaterThan(30);
    expect(comments.filter(({ article }) => article === 'Paging probe 0')).toHaveLength(30);
  });

  it('posts a comment that waits for approval, and votes through the X-Vote-Base protocol', async () => {
    const posted = await postComment({ name: 'Client', comment: 'Via the client', article: 'Paging probe 1' });
    expect(posted.ok).toBe(true);
    const documentId = posted.ok ? (posted.data?.documentId ?? '') : '';
    expect((await fetchComments()).some((comment) => comment.documentId === documentId)).toBe(false);

    await author.approveComment(documentId);
    const plan = planVote('none', 'like', { like: 0, dislike: 0 });
    if (!plan.ok) throw new Error('a first like is always allowed');
    const voted = await voteComment(documentId, plan.steps[0]);
    expect(voted).toEqual({ ok: true, data: expect.objectContaining({ like: '1' }) });
  });

  it('reports a refused write with its status and the server reason', async () => {
    const refused = await voteComment('no-such-comment', { field: 'like', base: 0, value: 1 });
    expect(refused).toEqual({ ok: false, status: 404, message: expect.any(String) });
  });
});
