// Entries for tests: only the fields a test cares about need to be spelled out.
import type { Article, Comment } from './types';

let nextId = 1;

export function anArticle(fields: Partial<Article> = {}): Article {
  const id = nextId++;
  return {
    id,
    documentId: `article-${id}`,
    title_article: `Article ${id}`,
    written_by: null,
    date_of_the_article: '2025-01-01',
    text_article: null,
    photo_article: null,
    audio: null,
    topics: [],
    articles: [],
    sources: [],
    ...fields,
  };
}

export function aComment(fields: Partial<Comment> = {}): Comment {
  const id = nextId++;
  return {
    id,
    documentId: `comment-${id}`,
    name: null,
    comment: null,
    article: null,
    approve_comment: true,
    like: '0',
    dislike: '0',
    publishedAt: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}

export const topics = (...categories: string[]) => categories.map((category) => ({ category }));
