import { expect } from '@jest/globals';
import type { Core } from '@strapi/strapi';
import { keepDocumentsPublic } from '../src/lib/public-api/documents';
import { proxyHops } from '../src/lib/public-api/options';
import { cmsSettingsOf } from '../src/settings';

// The Document Service's last word, whatever route or controller asks: tried here with each kind
// of request Strapi can be serving when a document is read or written.

type Middleware = (context: DocumentCall, next: () => Promise<unknown>) => Promise<unknown>;

interface DocumentCall {
  uid: string;
  action: string;
  params: Record<string, unknown>;
  contentType: { options?: { draftAndPublish?: boolean } };
}

const ARTICLE = { options: { draftAndPublish: true } };
const COMMENT = { options: { draftAndPublish: false } };

/** The request Strapi is serving: a content-API route's, by whom; none for the CMS's own work. */
type Serving = 'public' | 'api token' | 'admin panel' | 'no request';

function documentsFor(serving: Serving) {
  let middleware: Middleware | undefined;
  const strategy = { 'api token': 'content-api-token', public: 'users-permissions' }[serving as string];
  const request =
    serving === 'no request'
      ? undefined
      : {
          state: {
            route: { info: { type: serving === 'admin panel' ? 'admin' : 'content-api' } },
            auth: strategy ? { strategy: { name: strategy } } : { strategy: { name: 'admin' } },
          },
        };
  const strapi = {
    documents: { use: (added: Middleware) => (middleware = added) },
    requestContext: { get: () => request },
  } as unknown as Core.Strapi;
  keepDocumentsPublic(strapi);
  /** What the document service is asked for, after the middleware: the params it runs with, or the refusal. */
  return async (call: Omit<DocumentCall, 'params'> & { params?: Record<string, unknown> }) => {
    let ran: Record<string, unknown> | undefined;
    const context = { params: {}, ...call };
    await middleware(context, () => {
      ran = context.params;
      return Promise.resolve(undefined);
    });
    return ran;
  };
}

describe('documents read for the public', () => {
  it('are published ones, whatever the route asked', async () => {
    const asked = documentsFor('public');
    for (const action of ['findMany', 'findFirst', 'findOne', 'count'])
      expect(await asked({ uid: 'api::article.article', action, contentType: ARTICLE })).toEqual({
        status: 'published',
      });
    expect(
      await asked({ uid: 'api::article.article', action: 'findMany', contentType: ARTICLE, params: { populate: '*' } }),
    ).toEqual({ populate: '*', status: 'published' });
  });

  it('are never drafts: a draft asked for is refused', async () => {
    const asked = documentsFor('public');
    for (const status of ['draft', ['draft']])
      await expect(
        asked({ uid: 'api::article.article', action: 'findMany', contentType: ARTICLE, params: { status } }),
      ).rejects.toThrow('Only published content is public');
  });

  it('of a type without drafts are read as asked', async () => {
    const asked = documentsFor('public');
    expect(await asked({ uid: 'api::comment.comment', action: 'findMany', contentType: COMMENT })).toEqual({});
  });
});

describe('documents written for the public', () => {
  it('are a new comment or contact message, and nothing else', async () => {
    const asked = documentsFor('public');
    for (const uid of ['api::comment.comment', 'api::contact-me-form.contact-me-form'])
      expect(await asked({ uid, action: 'create', contentType: COMMENT, params: { data: {} } })).toEqual({ data: {} });
    for (const [uid, action] of [
      ['api::comment.comment', 'update'],
      ['api::comment.comment', 'delete'],
      ['api::article.article', 'create'],
      ['api::article.article', 'publish'],
      ['api::about-me.about-me', 'update'],
    ])
      await expect(asked({ uid, action, contentType: ARTICLE })).rejects.toThrow(`The public may not ${action} ${uid}`);
  });
});

describe('the author’s documents', () => {
  it.each<Serving>(['api token', 'admin panel', 'no request'])(
    'are read and written as asked (%s)',
    async (serving) => {
      const asked = documentsFor(serving);
      expect(
        await asked({
          uid: 'api::article.article',
          action: 'findMany',
          contentType: ARTICLE,
          params: { status: 'draft' },
        }),
      ).toEqual({ status: 'draft' });
      expect(await asked({ uid: 'api::article.article', action: 'publish', contentType: ARTICLE })).toEqual({});
    },
  );
});

describe('the proxies in front of the CMS', () => {
  it('are BLOG_PROXY_HOPS, the render server’s setting, and Strapi’s IS_PROXIED=true means the one it trusted', () => {
    const hops = (env: NodeJS.ProcessEnv) => proxyHops(cmsSettingsOf(env));
    expect(hops({})).toBe(0);
    expect(hops({ BLOG_PROXY_HOPS: '2' })).toBe(2);
    expect(hops({ IS_PROXIED: 'true' })).toBe(1);
    expect(hops({ IS_PROXIED: 'true', BLOG_PROXY_HOPS: '0' })).toBe(0);
    expect(() => hops({ BLOG_PROXY_HOPS: 'yes' })).toThrow('BLOG_PROXY_HOPS must be a whole number');
  });
});
