import { author } from './support/author';
import type { Comment } from '@blog/shared';
import { expectStrapiError, request, type StrapiAnswer } from './support/http';

const newComment = (overrides: Record<string, unknown> = {}) => ({
  data: { name: 'Ana', comment: 'Sharp analysis.', article: 'Test article', ...overrides },
});

async function postComment(overrides: Record<string, unknown> = {}) {
  const answer = await request<StrapiAnswer<Comment>>('/api/comments', { method: 'POST', body: newComment(overrides) });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function approvedComment() {
  const { documentId } = await postComment();
  await author.approveComment(documentId);
  return documentId;
}

const vote = (documentId: string, data: Record<string, unknown>, base?: string) =>
  request<StrapiAnswer<Comment>>(`/api/comments/${documentId}`, {
    method: 'PUT',
    body: { data },
    headers: base === undefined ? {} : { 'X-Vote-Base': base },
  });

describe('comments', () => {
  it('lists only approved comments, whatever filters are sent', async () => {
    await postComment({ article: 'Filter probe' });
    for (const query of [
      '',
      '&filters[approve_comment][$eq]=false',
      '&filters[$or][0][approve_comment][$eq]=false&filters[$or][1][approve_comment][$eq]=true',
    ]) {
      const { status, body } = await request<StrapiAnswer<Comment[]>>(
        `/api/comments?populate=*&pagination[pageSize]=100${query}`,
      );
      expect(status).toBe(200);
      expect(body.data.every((comment) => comment.approve_comment)).toBe(true);
    }
    const { body } = await request<StrapiAnswer<Comment[]>>('/api/comments?populate=*&pagination[pageSize]=100');
    expect(body.data.length).toBeGreaterThan(0);
  });

  it('stores a new comment unapproved, hidden from the public until the author approves it', async () => {
    const { documentId } = await postComment({ comment: 'Waiting for approval' });
    expect((await author.readComment(documentId)).approve_comment).toBe(false);
    expect((await request(`/api/comments/${documentId}`)).status).toBe(404);

    await author.approveComment(documentId);
    const { status, body } = await request(`/api/comments/${documentId}`);
    expect(status).toBe(200);
    expect(body.data).toEqual(expect.objectContaining({ comment: 'Waiting for approval', like: '0', dislike: '0' }));
  });

  it.each([
    ['approve_comment', { approve_comment: true }],
    ['like', { like: '99' }],
    ['publishedAt', { publishedAt: '2020-01-01T00:00:00.000Z' }],
  ])('refuses a new comment that sets %s', async (_field, extra) => {
    const answer = await request('/api/comments', { method: 'POST', body: newComment(extra) });
    expectStrapiError(answer, 400);
  });

  it('refuses non-text fields and overlong text with 400', async () => {
    expectStrapiError(await request('/api/comments', { method: 'POST', body: newComment({ name: { $ne: 1 } }) }), 400);
    expectStrapiError(
      await request('/api/comments', { method: 'POST', body: newComment({ comment: 'x'.repeat(2001) }) }),
      400,
    );
    expectStrapiError(await request('/api/comments', { method: 'POST', body: { name: 'no data wrapper' } }), 400);
  });

  it('accepts empty fields, as the spec sends them', async () => {
    const answer = await request('/api/comments', {
      method: 'POST',
      body: { data: { name: '', comment: '', article: '' } },
    });
    expect(answer.status).toBe(200);
  });

  it('never deletes a comment for the public', async () => {
    const documentId = await approvedComment();
    const answer = await request(`/api/comments/${documentId}`, { method: 'DELETE' });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect((await request(`/api/comments/${documentId}`)).status).toBe(200);
  });
});

describe('votes', () => {
  it('moves like and dislike by one step and answers with the stored counts', async () => {
    const documentId = await approvedComment();
    expect((await vote(documentId, { like: '1' }, '0')).body.data.like).toBe('1');
    expect((await vote(documentId, { dislike: '1' }, '0')).body.data.dislike).toBe('1');
    // The visitor changes their mind: the dislike goes back down.
    const answer = await vote(documentId, { dislike: '0' }, '1');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual(expect.objectContaining({ like: '1', dislike: '0' }));
  });

  it('never lowers a count below zero', async () => {
    const documentId = await approvedComment();
    expect((await vote(documentId, { dislike: '4' }, '5')).body.data.dislike).toBe('0');
  });

  it('counts 200 concurrent likes from different visitors exactly, however stale their page', async () => {
    const documentId = await approvedComment();
    const answers = await Promise.all(Array.from({ length: 200 }, () => vote(documentId, { like: '1' }, '0')));
    expect(answers.every(({ status }) => status === 200)).toBe(true);
    const { body } = await request<StrapiAnswer<Comment>>(`/api/comments/${documentId}`);
    expect(body.data.like).toBe('200');
  });

  it.each([
    ['a field other than like or dislike', { comment: 'rewritten' }, '0'],
    ['approval', { approve_comment: true }, '0'],
    ['both counts at once', { like: '1', dislike: '1' }, '0'],
    ['a jump of more than one', { like: '7' }, '0'],
    ['a count that is not a number', { like: 'many' }, '0'],
    ['a count sent as a number', { like: 1 }, '0'],
    ['an X-Vote-Base that is not a count', { like: '1' }, 'zero'],
    ['no change', { like: '3' }, '3'],
  ])('refuses %s with 400 and changes nothing', async (_case, data, base) => {
    const documentId = await approvedComment();
    expectStrapiError(await vote(documentId, data, base), 400);
    const { body } = await request(`/api/comments/${documentId}`);
    expect(body.data).toEqual(expect.objectContaining({ comment: 'Sharp analysis.', like: '0', dislike: '0' }));
  });

  it('cannot vote on a comment the public cannot see', async () => {
    const { documentId } = await postComment();
    expectStrapiError(await vote(documentId, { like: '1' }, '0'), 404);
    expect((await author.readComment(documentId)).like).toBe('0');
  });
});
