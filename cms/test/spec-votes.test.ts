import { expect } from '@jest/globals';
import { HTTPError, strapi } from '@strapi/client';
import { author } from './support/author';
import { expectStrapiError, newVisitor, request, type StrapiAnswer } from './support/http';

// Spec §7's vote as any client sends it: Strapi's official client, the body only, no X-Vote-Base.
const visitorClient = () =>
  strapi({ baseURL: `${process.env.CMS_URL}/api`, headers: { 'X-Forwarded-For': newVisitor() } });

async function approvedComment(): Promise<string> {
  const created = await visitorClient()
    .collection('comments')
    .create({ name: 'Ana', comment: 'Spec-shaped', article: 'Votes' });
  await author.approveComment(created.data.documentId);
  return created.data.documentId;
}

async function specVote(documentId: string, data: Record<string, string>) {
  try {
    const answer = await visitorClient().collection('comments').update(documentId, data);
    return { status: 200, body: answer as unknown as StrapiAnswer<Record<string, unknown>> };
  } catch (error) {
    if (!(error instanceof HTTPError)) throw error;
    return {
      status: error.response.status,
      body: (await error.response.json()) as StrapiAnswer<Record<string, unknown>>,
    };
  }
}

const stored = async (documentId: string) => (await visitorClient().collection('comments').findOne(documentId)).data;

describe('votes without X-Vote-Base: a compare-and-set on the sent count', () => {
  it('reads and writes through @strapi/client: a like one step up, then back down', async () => {
    const documentId = await approvedComment();
    expect(await specVote(documentId, { like: '1' })).toEqual({
      status: 200,
      body: { data: expect.objectContaining({ like: '1' }), meta: {} },
    });
    expect((await specVote(documentId, { like: '0' })).body.data).toEqual(expect.objectContaining({ like: '0' }));
    expect((await specVote(documentId, { dislike: '1' })).body.data).toEqual(
      expect.objectContaining({ like: '0', dislike: '1' }),
    );
  });

  it.each([
    ['the count already stored', '0'],
    ['a count two steps away', '2'],
  ])('answers %s with 409 and the current count, changing nothing', async (_case, like) => {
    const documentId = await approvedComment();
    const answer = await specVote(documentId, { like });
    expectStrapiError(answer, 409);
    expect(answer.body.error.details).toEqual({ like: '0' });
    expect(await stored(documentId)).toEqual(expect.objectContaining({ like: '0', dislike: '0' }));
  });

  it('refuses a malformed count with 400 and an unseen comment with 404', async () => {
    const documentId = await approvedComment();
    expectStrapiError(await specVote(documentId, { like: '-1' }), 400);
    expectStrapiError(await specVote(documentId, { like: '1', dislike: '1' }), 400);
    expectStrapiError(await specVote('no-such-comment', { like: '1' }), 404);
  });

  it('counts or refuses each of 200 concurrent votes from stale pages, and the refused learn the count', async () => {
    const documentId = await approvedComment();
    // Every visitor's page was loaded before anyone voted: all saw 0 and send 1.
    const first = await Promise.all(Array.from({ length: 200 }, () => specVote(documentId, { like: '1' })));
    const refused = first.filter(({ status }) => status === 409);
    expect(first.filter(({ status }) => status === 200)).toHaveLength(1);
    expect(refused).toHaveLength(199);
    expect(refused.every(({ body }) => body.error.details.like === '1')).toBe(true);

    // Each refused visitor votes again from the count the answer told them.
    const second = await Promise.all(
      refused.map(({ body }) => specVote(documentId, { like: String(Number(body.error.details.like) + 1) })),
    );
    expect(second.every(({ status }) => status === 200 || status === 409)).toBe(true);
    const counted = [...first, ...second].filter(({ status }) => status === 200).length;
    expect(Number((await stored(documentId)).like)).toBe(counted);
  });

  it('keeps the step protocol when X-Vote-Base is sent', async () => {
    const documentId = await approvedComment();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(`/api/comments/${documentId}`, {
          method: 'PUT',
          body: { data: { like: '1' } },
          headers: { 'X-Vote-Base': '0' },
        }),
      ),
    );
    expect(answers.every(({ status }) => status === 200)).toBe(true);
    expect((await stored(documentId)).like).toBe('20');
  });
});
