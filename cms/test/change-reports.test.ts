import { createHmac } from 'crypto';
import { changeOf, signReport, type ContentChange } from '../src/lib/change-reports';
import { author } from './support/author';
import { request, type StrapiAnswer } from './support/http';
import { failNextReport, receivedReports, type Report } from './support/render-server-stand-in';

const ARTICLE = 'api::article.article';
const COMMENT = 'api::comment.comment';

/** Every change the render server was told of since `since` reports, signed or not. */
async function reportedSince(since: number) {
  return (await receivedReports()).slice(since);
}

/** Waits (2 s at most: what the site promises) until the render server has been told of a change like `expected`; the report. */
async function expectReported(since: number, expected: Partial<ContentChange>): Promise<Report> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const reports = await reportedSince(since);
    const match = reports.find(({ changes }) =>
      changes.some((change) =>
        Object.entries(expected).every(([key, value]) => change[key as keyof ContentChange] === value),
      ),
    );
    if (match) {
      expect(match.signed).toBe(true);
      return match;
    }
    if (Date.now() > deadline)
      throw new Error(`Not reported within 2 s: ${JSON.stringify(expected)}; reported: ${JSON.stringify(reports)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('what a change is for the render servers', () => {
  it('names an article by its documentId', () => {
    expect(changeOf('entry.publish', { uid: ARTICLE, entry: { documentId: 'a1', title_article: 'T' } })).toEqual({
      event: 'entry.publish',
      uid: ARTICLE,
      documentId: 'a1',
    });
  });

  it('names a comment’s article by its title, and leaves out a visitor’s new comment', () => {
    const comment = { documentId: 'c1', article: 'Munitions Math', approve_comment: true };
    expect(changeOf('entry.update', { uid: COMMENT, entry: comment })).toEqual({
      event: 'entry.update',
      uid: COMMENT,
      documentId: 'c1',
      article: 'Munitions Math',
    });
    expect(changeOf('comment.vote', { uid: COMMENT, entry: comment })).toMatchObject({
      event: 'comment.vote',
      article: 'Munitions Math',
    });
    expect(changeOf('entry.create', { uid: COMMENT, entry: { ...comment, approve_comment: false } })).toBeUndefined();
  });

  it('leaves out contact messages, the admin’s own types and other events', () => {
    expect(
      changeOf('entry.create', { uid: 'api::contact-me-form.contact-me-form', entry: { documentId: 'm' } }),
    ).toBeUndefined();
    expect(changeOf('entry.update', { uid: 'admin::user', entry: { documentId: 'u' } })).toBeUndefined();
    expect(changeOf('ee.enable', undefined)).toBeUndefined();
  });

  it('names a file of the media library', () => {
    expect(changeOf('media.update', { media: { documentId: 'f1' } })).toEqual({
      event: 'media.update',
      uid: 'plugin::upload.file',
      documentId: 'f1',
    });
  });

  it('is signed as the render server checks it: HMAC-SHA256 of "<time>.<body>"', () => {
    const body = '{"changes":[]}';
    const hmac = createHmac('sha256', 'secret').update(`1700000000000.${body}`).digest('hex');
    expect(signReport('secret', body, 1_700_000_000_000)).toBe(`t=1700000000000,v1=${hmac}`);
  });
});

describe('the render servers are told', () => {
  let title: string;
  let article: { documentId: string };

  beforeAll(() => {
    title = `Reported ${Date.now()}`;
  });

  it('of an article published, edited, unpublished and deleted as the admin panel does it', async () => {
    let since = (await receivedReports()).length;
    article = await author.publishArticle({
      title_article: title,
      date_of_the_article: '2024-03-01',
      text_article: 'One.',
    });
    await expectReported(since, { event: 'entry.publish', uid: ARTICLE, documentId: article.documentId });

    since = (await receivedReports()).length;
    await author.editArticle(article.documentId, { text_article: 'Two.' });
    await expectReported(since, { event: 'entry.update', uid: ARTICLE, documentId: article.documentId });

    since = (await receivedReports()).length;
    await author.unpublishArticle(article.documentId);
    await expectReported(since, { event: 'entry.unpublish', uid: ARTICLE, documentId: article.documentId });

    since = (await receivedReports()).length;
    await author.deleteArticle(article.documentId);
    await expectReported(since, { event: 'entry.delete', uid: ARTICLE, documentId: article.documentId });
  });

  it('of an edit of About', async () => {
    const since = (await receivedReports()).length;
    const about = await author.about();
    await author.editAbout({ phrase: about.phrase });
    await expectReported(since, { event: 'entry.update', uid: 'api::about-me.about-me', documentId: about.documentId });
  });

  it('of a comment approved and a vote on it, with the article it belongs to; not of the visitor’s own post', async () => {
    const since = (await receivedReports()).length;
    const posted = await request<StrapiAnswer<{ documentId: string }>>('/api/comments', {
      method: 'POST',
      body: { data: { name: 'Reader', comment: 'Noted.', article: title } },
    });
    const { documentId } = posted.body.data;
    await author.approveComment(documentId);
    await expectReported(since, { event: 'entry.update', uid: COMMENT, documentId, article: title });
    const approvedAt = (await receivedReports()).length;

    const vote = await request(`/api/comments/${documentId}`, {
      method: 'PUT',
      body: { data: { like: '1' } },
      headers: { 'X-Vote-Base': '0' },
    });
    expect(vote.status).toBe(200);
    await expectReported(approvedAt, { event: 'comment.vote', uid: COMMENT, documentId, article: title });

    const told = (await reportedSince(since)).flatMap(({ changes }) => changes);
    expect(told.filter((change) => change.documentId === documentId && change.event === 'entry.create')).toEqual([]);
  });

  it('of nothing for a contact message', async () => {
    const since = (await receivedReports()).length;
    const message = { first_name: 'A', last_name: 'B', email: 'a@example.test', phone: '+1 5', message: 'Hello' };
    expect((await request('/api/contact-me-forms', { method: 'POST', body: { data: message } })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const told = (await reportedSince(since)).flatMap(({ changes }) => changes);
    expect(told.filter(({ uid }) => uid === 'api::contact-me-form.contact-me-form')).toEqual([]);
  });

  it('again, when a report was not taken', async () => {
    await failNextReport();
    const since = (await receivedReports()).length;
    const about = await author.about();
    await author.editAbout({ phrase: about.phrase });
    const report = await expectReported(since, { event: 'entry.update', uid: 'api::about-me.about-me' });
    // Sent again after the first wait (250 ms): dated by the change, not by its arrival, it drops no page rendered since.
    expect(report.ageMs).toBeGreaterThanOrEqual(250);
  });

  it('each with a nonce of its own, which a render server takes once', async () => {
    const since = (await receivedReports()).length;
    const about = await author.about();
    await author.editAbout({ phrase: about.phrase });
    await expectReported(since, { event: 'entry.update', uid: 'api::about-me.about-me' });
    const nonces = (await receivedReports()).map(({ nonce }) => nonce);
    expect(nonces.length).toBeGreaterThan(1);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(nonce).toMatch(/^[\w-]{16,128}$/);
  });
});
