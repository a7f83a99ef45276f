import type { Core } from '@strapi/strapi';

/** What the admin panel's Preview opens: the site's preview entry, told which page and which version to show. */
export interface PreviewOptions {
  /** The site's public address (`BLOG_SITE_URL`). */
  siteUrl: string;
  /** Shared with the render servers, which open a preview only for a request that carries it. */
  secret: string;
}

export type PreviewStatus = 'draft' | 'published';

const ARTICLE = 'api::article.article';

/** The page that shows each other previewable type, as the site's routes name it (spec §3). */
const PAGES: Record<string, string> = {
  'api::about-me.about-me': '/About',
  'api::new-start-here.new-start-here': '/New-start-here',
  'api::news-letter.news-letter': '/New-letter',
  'api::contact-detail.contact-detail': '/Contact',
  'api::cover-contact-me.cover-contact-me': '/Contact',
};

/** The site's entry to a preview (the render server's `/preview`), the page's path and version in its query. */
export function previewUrl({ siteUrl, secret }: PreviewOptions, path: string, status: PreviewStatus): string {
  return `${siteUrl}/preview?${new URLSearchParams({ secret, path, status })}`;
}

/** The page a document is shown on: an article's own link (its title is its address), a single page's route. */
export async function pageOf(
  strapi: Core.Strapi,
  uid: string,
  documentId: string | undefined,
  status: PreviewStatus,
): Promise<string | undefined> {
  if (uid !== ARTICLE) return PAGES[uid];
  if (!documentId) return undefined;
  const article = await strapi.documents(ARTICLE).findOne({ documentId, status, fields: ['title_article'] });
  const title: unknown = article?.title_article;
  return typeof title === 'string' ? `/Articles?title=${encodeURIComponent(title)}` : undefined;
}

/** The name of the read-only API token the render servers read drafts with, as the admin panel lists it. */
export const PREVIEW_TOKEN_NAME = 'Render servers: drafts for preview';

/**
 * The read-only API token whose key is `accessKey` (`PREVIEW_API_TOKEN`, shared with the render
 * servers and never sent to a browser): created, or given that key, at every start. Strapi keeps
 * only its hash, salted as for every token.
 */
export async function ensurePreviewToken(strapi: Core.Strapi, accessKey: string): Promise<void> {
  const tokens = strapi.db.query('admin::api-token');
  const hashed = (strapi.service('admin::api-token-content-api') as { hash(key: string): string }).hash(accessKey);
  const encryptedKey = (strapi.service('admin::encryption') as { encrypt(text: string): string | null }).encrypt(
    accessKey,
  );
  const data: Record<string, unknown> = {
    name: PREVIEW_TOKEN_NAME,
    description: 'Read-only: the render servers read drafts with it for the admin panel’s Preview (PREVIEW_API_TOKEN).',
    type: 'read-only',
    kind: 'content-api',
    accessKey: hashed,
    encryptedKey,
    lifespan: null,
    expiresAt: null,
  };
  const existing = (await tokens.findOne({ where: { name: PREVIEW_TOKEN_NAME } })) as { id: number } | null;
  if (existing) await tokens.update({ where: { id: existing.id }, data });
  else await tokens.create({ data });
}
