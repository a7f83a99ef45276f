import { randomUUID } from 'crypto';
import { expect } from '@jest/globals';
import { author } from './support/author';
import { newVisitor, request, type StrapiAnswer } from './support/http';

// Issue 39: whether a request may read a draft or write past a limit is decided by the route it
// reaches, never by how its address is spelled. Every public route, every method, every spelling,
// each body a browser can send: each answer is its route's one answer, and none holds a draft.

/** What only drafts hold: never in any answer to the public. */
const SECRET = `draft-only-${randomUUID()}`;

/**
 * Ways of writing an address: those Strapi's router takes reach the same route; the others reach
 * none, and are refused as any address of nothing is (`REACHES_NONE`).
 */
const SPELLINGS: { name: string; spell: (path: string) => string; routed: boolean }[] = [
  { name: 'as written', spell: (path) => path, routed: true },
  { name: 'upper case', spell: (path) => path.replace(/^\/api\/[a-z-]+/, (head) => head.toUpperCase()), routed: true },
  {
    name: 'mixed case',
    spell: (path) => path.replace(/^\/api\/(.)/, (_, letter: string) => `/Api/${letter.toUpperCase()}`),
    routed: true,
  },
  { name: 'a trailing slash', spell: (path) => `${path}/`, routed: true },
  { name: 'a double slash first', spell: (path) => `/${path}`, routed: false },
  { name: 'a double slash inside', spell: (path) => path.replace('/api/', '/api//'), routed: false },
  { name: 'an encoded letter', spell: (path) => path.replace('/api/', '/%61pi/'), routed: false },
  {
    name: 'an encoded letter of the type',
    spell: (path) => path.replace(/^\/api\/(.)/, (_, letter: string) => `/api/%${letter.charCodeAt(0).toString(16)}`),
    routed: false,
  },
  { name: 'an encoded slash', spell: (path) => path.replace('/api/', '/api%2F'), routed: false },
  { name: 'a ; parameter', spell: (path) => path.replace(/^(\/api\/[a-z-]+)/, '$1;x=1'), routed: false },
];

/** Not found; a method no route takes there (405); a path Strapi's file server calls malicious (400). */
const REACHES_NONE = [404, 405, 400];

type Body = 'none' | 'json' | 'form' | 'multipart';

interface Case {
  method: string;
  path: string;
  body: Body;
  /** The route's one answer to this method and body. */
  status: number;
}

const JSON_BODY: Record<string, unknown> = {
  '/api/comments': { data: { name: 'Spelling', comment: 'Checks the door.', article: 'Spellings' } },
  '/api/contact-me-forms': { data: { first_name: 'Spelling', message: 'Checks the door.' } },
};

function bodyOf(
  kind: Body,
  path: string,
  voteBase: number,
): { headers: Record<string, string>; body?: string | FormData } {
  const json = path.startsWith('/api/comments/') ? { data: { like: String(voteBase + 1) } } : JSON_BODY[path];
  if (kind === 'json') return { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(json ?? {}) };
  if (kind === 'form')
    return {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'data[name]=Form&data[comment]=From+another+site&data[article]=Spellings',
    };
  if (kind === 'multipart') {
    const form = new FormData();
    form.append('data[name]', 'Multipart');
    form.append('files', new Blob(['x'.repeat(1024)]), 'upload.txt');
    return { headers: {}, body: form };
  }
  return { headers: {} };
}

/** `method` to `address` (a spelling of `path`), with the body `path`'s route takes. */
async function send(method: string, address: string, path: string, kind: Body, voteBase: number) {
  const { headers, body } = bodyOf(kind, path.replace(/\?.*$/, ''), voteBase);
  const response = await fetch(`${process.env.CMS_URL}${address}`, {
    method,
    headers: { 'X-Forwarded-For': newVisitor(), 'X-Vote-Base': String(voteBase), ...headers },
    body,
  });
  return { status: response.status, text: await response.text() };
}

describe('every spelling of a public address', () => {
  let draftId: string;
  let relatingId: string;
  let commentId: string;
  let cases: Case[];

  beforeAll(async () => {
    const draft = await author.createDraftArticle({
      title_article: `Spellings draft ${SECRET}`,
      date_of_the_article: '2026-02-01',
      text_article: `Never published: ${SECRET}`,
    });
    draftId = draft.documentId;
    // A published article whose recommendations name the draft, and whose own draft holds the secret.
    const relating = await author.publishArticle({
      title_article: 'Spellings',
      date_of_the_article: '2026-02-02',
      text_article: 'Published.',
      articles: [draftId],
    });
    relatingId = relating.documentId;
    await author.editArticleDraft(relatingId, { text_article: `An unpublished edit: ${SECRET}` });
    await author.editAboutDraft({ phrase: `About's draft: ${SECRET}` });
    const posted = await request<StrapiAnswer<{ documentId: string }>>('/api/comments', {
      method: 'POST',
      body: JSON_BODY['/api/comments'],
    });
    commentId = posted.body.data.documentId;
    await author.approveComment(commentId);

    const reads = (path: string): Case[] => [
      { method: 'GET', path, body: 'none', status: 200 },
      { method: 'HEAD', path, body: 'none', status: 200 },
      { method: 'DELETE', path, body: 'none', status: 405 },
      { method: 'POST', path, body: 'json', status: 405 },
    ];
    const writes = (method: string, path: string): Case[] => [
      { method, path, body: 'json', status: 200 },
      { method, path, body: 'form', status: 415 },
      { method, path, body: 'multipart', status: 415 },
      { method: 'DELETE', path, body: 'none', status: 405 },
    ];
    const drafts = (path: string, query: string): Case => ({
      method: 'GET',
      path: `${path}?${query}`,
      body: 'none',
      status: 400,
    });
    cases = [
      ...reads('/api/articles'),
      ...reads(`/api/articles/${relatingId}`),
      ...reads('/api/about-mes'),
      ...reads('/api/new-start-heres'),
      ...reads('/api/news-letters'),
      ...reads('/api/contact-details'),
      ...reads('/api/cover-contact-mes'),
      ...reads('/api/article-summaries'),
      ...reads('/api/article-search'),
      ...reads('/api/most-popular-articles'),
      ...reads('/api/article-topics'),
      ...reads('/api/archive-years'),
      ...reads('/api/archive-years/2026'),
      ...reads('/api/latest-articles'),
      ...reads(`/api/comments/${commentId}`).filter(({ method }) => method !== 'POST'),
      { method: 'GET', path: '/api/comments', body: 'none', status: 200 },
      ...writes('POST', '/api/comments'),
      ...writes('PUT', `/api/comments/${commentId}`),
      ...writes('POST', '/api/contact-me-forms'),
      // Only written: a read of it is answered as an address of nothing.
      { method: 'GET', path: '/api/contact-me-forms', body: 'none', status: 404 },
      // Routes of the content API no visitor may use.
      { method: 'GET', path: '/api/users', body: 'none', status: 403 },
      { method: 'GET', path: '/api/upload/files', body: 'none', status: 403 },
      { method: 'POST', path: '/api/upload', body: 'multipart', status: 403 },
      { method: 'GET', path: `/api/articles/${draftId}`, body: 'none', status: 404 },
      // Drafts asked for outright.
      drafts('/api/articles', 'status=draft'),
      drafts('/api/articles', 'status=DRAFT'),
      drafts(`/api/articles/${relatingId}`, 'status=draft&populate=*'),
      drafts(`/api/articles/${draftId}`, 'status=draft'),
      drafts('/api/about-mes', 'status=draft'),
      drafts('/api/comments', 'status=draft'),
      // Drafts looked for through filters and relations: answered, with nothing of them.
      { method: 'GET', path: `/api/articles?filters[title_article][$contains]=${SECRET}`, body: 'none', status: 200 },
      {
        method: 'GET',
        path: `/api/articles?filters[articles][title_article][$contains]=${SECRET}`,
        body: 'none',
        status: 200,
      },
      { method: 'GET', path: `/api/articles/${relatingId}?populate[articles][populate]=*`, body: 'none', status: 200 },
      {
        method: 'GET',
        path: `/api/articles/${relatingId}?populate[articles][filters][publishedAt][$null]=true`,
        body: 'none',
        status: 200,
      },
      { method: 'GET', path: `/api/articles?populate=*&pagination[pageSize]=100`, body: 'none', status: 200 },
    ];
  }, 60_000);

  it('gets its route’s one answer, or none when no route takes it, and never a draft', async () => {
    const wrong: string[] = [];
    let voteBase = 0;
    for (const { method, path, body, status } of cases) {
      for (const { name, spell, routed } of SPELLINGS) {
        const address = spell(path.replace(/\?.*$/, '')) + (path.includes('?') ? path.slice(path.indexOf('?')) : '');
        const answer = await send(method, address, path, body, voteBase);
        if (method === 'PUT' && answer.status === 200) voteBase += 1;
        const expected = routed ? [status] : REACHES_NONE;
        if (!expected.includes(answer.status))
          wrong.push(`${method} ${address} (${name}, ${body}): ${answer.status}, not ${expected.join(' or ')}`);
        if (answer.text.includes(SECRET)) wrong.push(`${method} ${address} (${name}, ${body}) answered a draft`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
