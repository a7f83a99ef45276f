import { newVisitor } from './visitor';

// The author's side, through the admin API the admin panel itself uses.
const credentials = { email: 'author@example.test', password: 'Author-Passw0rd!', firstname: 'Test', lastname: 'Author' };
let token: Promise<string> | undefined;

async function adminRequest<T = any>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(`${process.env.CMS_URL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${await authorToken()}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

function authorToken(): Promise<string> {
  token ??= (async () => {
    // Each test file logs in from an address of its own: Strapi allows 5 logins per address in 5 minutes.
    const headers = { 'Content-Type': 'application/json', 'X-Forwarded-For': newVisitor() };
    // The first admin registers itself on an empty CMS; later calls log in.
    const register = await fetch(`${process.env.CMS_URL}/admin/register-admin`, {
      method: 'POST',
      headers,
      body: JSON.stringify(credentials),
    });
    const answer = register.ok
      ? await register.json()
      : await (
          await fetch(`${process.env.CMS_URL}/admin/login`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ email: credentials.email, password: credentials.password }),
          })
        ).json();
    const value = answer.data?.token ?? answer.data?.accessToken;
    if (!value) throw new Error(`No admin token: ${JSON.stringify(answer)}`);
    return value;
  })();
  return token;
}

const collection = (uid: string) => `/content-manager/collection-types/${uid}`;

export const author = {
  readComment: (documentId: string) =>
    adminRequest(`${collection('api::comment.comment')}/${documentId}`).then((answer) => answer.data),

  /** Every comment, approved or not, newest first. */
  listComments: () =>
    adminRequest(`${collection('api::comment.comment')}?pageSize=100&sort=createdAt:DESC`).then(
      (answer) => answer.results as { documentId: string; name: string; comment: string; article: string; approve_comment: boolean }[],
    ),

  approveComment: (documentId: string) =>
    adminRequest(`${collection('api::comment.comment')}/${documentId}`, 'PUT', { approve_comment: true }),

  listContactMessages: () =>
    adminRequest(`${collection('api::contact-me-form.contact-me-form')}?pageSize=100`).then((answer) => answer.results),

  /** A new article, saved as a draft and never published. */
  createDraftArticle: (data: Record<string, unknown>) =>
    adminRequest(collection('api::article.article'), 'POST', data).then((answer) => answer.data as { documentId: string }),

  /** Saves an edit to an article's draft without publishing it. */
  editArticleDraft: (documentId: string, data: Record<string, unknown>) =>
    adminRequest(`${collection('api::article.article')}/${documentId}`, 'PUT', data),

  async publishArticle(data: Record<string, unknown>) {
    const created = await author.createDraftArticle(data);
    await adminRequest(`${collection('api::article.article')}/${created.documentId}/actions/publish`, 'POST', {});
    return created;
  },

  contactDetails: () =>
    adminRequest(`${collection('api::contact-detail.contact-detail')}?pageSize=1`).then(
      (answer) => answer.results[0] as { documentId: string; location: string; latitude: number | null; longitude: number | null },
    ),

  updateContactDetails: (documentId: string, data: Record<string, unknown>) =>
    adminRequest(`${collection('api::contact-detail.contact-detail')}/${documentId}`, 'PUT', data).then(
      (answer) => answer.data as { location: string; latitude: number | null; longitude: number | null },
    ),
};
