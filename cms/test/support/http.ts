import { expect } from '@jest/globals';
import type { Pagination } from '@blog/shared';
import { newVisitor } from './visitor';

export { newVisitor };

/** Strapi's error, as its answers carry it. */
export interface StrapiError {
  status: number;
  name: string;
  message: string;
  details: Record<string, unknown>;
}

/** What the CMS answers: its data (a document or a list), a list’s pagination (a search’s correction), or an error. */
export interface StrapiAnswer<Data = unknown> {
  data: Data;
  meta: { pagination: Pagination; suggestion?: string };
  error: StrapiError;
}

export interface Answer<T = StrapiAnswer> {
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

export async function request<T = StrapiAnswer>(path: string, options: RequestOptions = {}): Promise<Answer<T>> {
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
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

/** The JSON `url` answers, as the caller says it is. */
export async function readJson<T>(url: string): Promise<T> {
  const answer = await fetch(url);
  return (await answer.json()) as T;
}

/** Strapi's error shape: { data: null, error: { status, name, message } }. */
export function expectStrapiError(answer: Pick<Answer<unknown>, 'status' | 'body'>, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({
    data: null,
    error: expect.objectContaining({ status, name: expect.any(String), message: expect.any(String) }),
  });
}
