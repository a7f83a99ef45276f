import { newVisitor } from './visitor';

export { newVisitor };

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  visitor?: string;
}

export async function request<T = any>(path: string, options: RequestOptions = {}): Promise<Answer<T>> {
  const { method = 'GET', body, rawBody, headers = {}, visitor = newVisitor() } = options;
  const response = await fetch(`${process.env.CMS_URL}${path}`, {
    method,
    headers: {
      'X-Forwarded-For': visitor,
      ...(body !== undefined || rawBody !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

/** Strapi's error shape: { data: null, error: { status, name, message } }. */
export function expectStrapiError(answer: Answer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({
    data: null,
    error: expect.objectContaining({ status, name: expect.any(String), message: expect.any(String) }),
  });
}
