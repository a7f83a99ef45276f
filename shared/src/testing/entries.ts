// Entries for tests in every package (`@blog/shared/testing`), shaped as the CMS answers them: only the fields a test cares about are spelled out.
import type { Article, ArticleSummary, Comment, Media, Pagination, StrapiList } from '../types';

let nextId = 1;

export function aPhoto(name = 'photo'): Media {
  return {
    id: nextId++,
    url: `/uploads/${name}.jpg`,
    width: 1200,
    height: 675,
    alternativeText: name.replace(/-/g, ' '),
    formats: {
      small: { url: `/uploads/small_${name}.jpg`, width: 500, height: 281 },
      thumbnail: { url: `/uploads/thumbnail_${name}.jpg`, width: 245, height: 138 },
    },
  };
}

export function anArticle(fields: Partial<Article> = {}): Article {
  const id = nextId++;
  return {
    id,
    documentId: `article-${id}`,
    title_article: `Article ${id}`,
    written_by: 'Mateo Ferrer',
    date_of_the_article: '2025-01-01',
    text_article: `Text of article ${id}`,
    photo_article: [aPhoto(`photo-${id}`)],
    audio: null,
    topics: [],
    articles: [],
    sources: [],
    ...fields,
  };
}

export function aSummary(fields: Partial<ArticleSummary> = {}): ArticleSummary {
  const id = nextId++;
  return {
    documentId: `article-${id}`,
    title_article: `Article ${id}`,
    date_of_the_article: '2025-01-01',
    topics: [],
    excerpt: `Start of article ${id}`,
    photo: aPhoto(`photo-${id}`),
    ...fields,
  };
}

/** A page of a list as the CMS answers it; by default the only page, holding every entry. */
export function aList<T>(data: T[], pagination: Partial<Pagination> = {}): StrapiList<T> {
  return { data, meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: data.length, ...pagination } } };
}

export function aComment(fields: Partial<Comment> = {}): Comment {
  const id = nextId++;
  return {
    id,
    documentId: `comment-${id}`,
    name: `Visitor ${id}`,
    comment: `Comment ${id}`,
    article: null,
    approve_comment: true,
    like: '0',
    dislike: '0',
    publishedAt: new Date(Date.now() - 3 * 3600 * 1000).toISOString(),
    ...fields,
  };
}

export const topics = (...categories: string[]) => categories.map((category) => ({ category }));

export const lines = (count: number, prefix = 'Line') =>
  Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}`).join('\n');
