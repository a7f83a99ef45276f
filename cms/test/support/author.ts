import type { Comment } from '@blog/shared';
import { newVisitor } from './visitor';

// The author's side, through the admin API the admin panel itself uses.
const credentials = {
  email: 'author@example.test',
  password: 'Author-Passw0rd!',
  firstname: 'Test',
  lastname: 'Author',
};
const tokens = new Map<string, Promise<string>>();

/** What the admin API answers: one document, or a page of them. */
interface AdminAnswer<T> {
  data: T;
  results: T[];
}

interface Contact {
  documentId: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
}

async function adminRequestTo<T>(
  cmsUrl: string,
  path: string,
  method = 'GET',
  body?: unknown,
): Promise<AdminAnswer<T>> {
  const response = await fetch(`${cmsUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${await authorToken(cmsUrl)}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as AdminAnswer<T>;
}

function authorToken(cmsUrl: string): Promise<string> {
  const known = tokens.get(cmsUrl);
  if (known !== undefined) return known;
  const token = (async () => {
    // Each test file logs in from an address of its own: Strapi allows 5 logins per address in 5 minutes.
    const headers = { 'Content-Type': 'application/json', 'X-Forwarded-For': newVisitor() };
    // The first admin registers itself on an empty CMS; later calls log in.
    const register = await fetch(`${cmsUrl}/admin/register-admin`, {
      method: 'POST',
      headers,
      body: JSON.stringify(credentials),
    });
    const answer = (
      register.ok
        ? await register.json()
        : await (
            await fetch(`${cmsUrl}/admin/login`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ email: credentials.email, password: credentials.password }),
            })
          ).json()
    ) as { data?: { token?: string; accessToken?: string } };
    const value = answer.data?.token ?? answer.data?.accessToken;
    if (!value) throw new Error(`No admin token: ${JSON.stringify(answer)}`);
    return value;
  })();
  tokens.set(cmsUrl, token);
  return token;
}

const collection = (uid: string) => `/content-manager/collection-types/${uid}`;

/** The author at the CMS `cmsUrl()` names. */
function authorAt(cmsUrl: () => string) {
  const adminRequest = <T = unknown>(path: string, method?: string, body?: unknown) =>
    adminRequestTo<T>(cmsUrl(), path, method, body);
  const publishDocument = (uid: string, documentId: string) =>
    adminRequest(`${collection(uid)}/${documentId}/actions/publish`, 'POST', {});
  const author = {
    readComment: (documentId: string) =>
      adminRequest<Comment>(`${collection('api::comment.comment')}/${documentId}`).then((answer) => answer.data),

    /** Every comment, approved or not, newest first. */
    listComments: () =>
      adminRequest<Comment>(`${collection('api::comment.comment')}?pageSize=100&sort=createdAt:DESC`).then(
        (answer) => answer.results,
      ),

    approveComment: (documentId: string) =>
      adminRequest(`${collection('api::comment.comment')}/${documentId}`, 'PUT', { approve_comment: true }),

    listContactMessages: () =>
      adminRequest<Record<string, unknown>>(`${collection('api::contact-me-form.contact-me-form')}?pageSize=100`).then(
        (answer) => answer.results,
      ),

    /** A new article, saved as a draft and never published. */
    createDraftArticle: (data: Record<string, unknown>) =>
      adminRequest<{ documentId: string }>(collection('api::article.article'), 'POST', data).then(
        (answer) => answer.data,
      ),

    /** Saves an edit to an article's draft without publishing it. */
    editArticleDraft: (documentId: string, data: Record<string, unknown>) =>
      adminRequest(`${collection('api::article.article')}/${documentId}`, 'PUT', data),

    async publishArticle(data: Record<string, unknown>) {
      const created = await author.createDraftArticle(data);
      await author.publish(created.documentId);
      return created;
    },

    /** Publishes an article's draft, as the Publish button does. */
    publish: (documentId: string) => publishDocument('api::article.article', documentId),

    /** Edits a published article and publishes the edit. */
    async editArticle(documentId: string, data: Record<string, unknown>) {
      await author.editArticleDraft(documentId, data);
      await author.publish(documentId);
    },

    unpublishArticle: (documentId: string) =>
      adminRequest(`${collection('api::article.article')}/${documentId}/actions/unpublish`, 'POST', {}),

    deleteArticle: (documentId: string) =>
      adminRequest(`${collection('api::article.article')}/${documentId}`, 'DELETE'),

    /** The About page the site shows (the first entry). */
    about: () =>
      adminRequest<{ documentId: string; title: string; phrase: string }>(
        `${collection('api::about-me.about-me')}?pageSize=1&sort=id:ASC`,
      ).then((answer) => answer.results[0]),

    /** Saves an edit to About's draft without publishing it. */
    async editAboutDraft(data: Record<string, unknown>) {
      const { documentId } = await author.about();
      await adminRequest(`${collection('api::about-me.about-me')}/${documentId}`, 'PUT', data);
      return documentId;
    },

    /** Edits About and publishes the edit. */
    async editAbout(data: Record<string, unknown>) {
      await publishDocument('api::about-me.about-me', await author.editAboutDraft(data));
    },

    /** The address the admin panel's Preview button opens for a document's draft or published version. */
    previewUrl: (uid: string, documentId: string, status: 'draft' | 'published' = 'draft') =>
      adminRequest<{ url: string }>(
        `/content-manager/preview/url/${uid}?${new URLSearchParams({ documentId, status })}`,
      ).then((answer) => answer.data.url),

    contactDetails: () =>
      adminRequest<Contact>(`${collection('api::contact-detail.contact-detail')}?pageSize=1`).then(
        (answer) => answer.results[0],
      ),

    updateContactDetails: (documentId: string, data: Record<string, unknown>) =>
      adminRequest<Contact>(`${collection('api::contact-detail.contact-detail')}/${documentId}`, 'PUT', data).then(
        (answer) => answer.data,
      ),
  };
  return author;
}

/** The author at the tests' CMS (`CMS_URL`). */
export const author = authorAt(() => process.env.CMS_URL ?? '');

/** The author at another CMS process. */
export const authorOf = (cms: { url: string }) => authorAt(() => cms.url);
