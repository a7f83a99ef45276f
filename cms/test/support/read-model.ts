// The read model's answers, worked out independently from spec §7's full lists (every page of
// `GET articles` and `GET comments`), the way the site's sections computed them in the browser.

export interface FullArticle {
  id: number;
  documentId: string;
  title_article: string;
  date_of_the_article: string;
  text_article: string | null;
  topics: { category: string }[];
  photo_article:
    | {
        url: string;
        width: number;
        height: number;
        alternativeText: string | null;
        formats: Record<string, { url: string; width: number; height: number }>;
      }[]
    | null;
}

export interface FullComment {
  id: number;
  documentId: string;
  article: string | null;
}

/** Every entry of a list of the CMS at `base`, page after page. */
export async function everyEntry<T>(base: string, path: string): Promise<T[]> {
  const entries: T[] = [];
  for (let page = 1; ; page += 1) {
    const separator = path.includes('?') ? '&' : '?';
    const answer = await fetch(`${base}/api/${path}${separator}pagination[page]=${page}&pagination[pageSize]=100`);
    if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
    const { data, meta } = (await answer.json()) as { data: T[]; meta: { pagination: { pageCount: number } } };
    entries.push(...data);
    if (page >= meta.pagination.pageCount) return entries;
  }
}

export const heading = ({ documentId, title_article, date_of_the_article }: FullArticle) => ({
  documentId,
  title_article,
  date_of_the_article,
});

/** An article's first photo as the read model answers it: its size and the card's formats. */
export function cardPhoto({ photo_article }: FullArticle) {
  const photo = photo_article?.[0];
  if (!photo) return null;
  const formats = ['thumbnail', 'small', 'medium']
    .filter((name) => photo.formats[name])
    .map(
      (name) =>
        [
          name,
          { url: photo.formats[name].url, width: photo.formats[name].width, height: photo.formats[name].height },
        ] as const,
    );
  const { url, width, height, alternativeText } = photo;
  return { url, width, height, alternativeText, formats: Object.fromEntries(formats) };
}

/** Newest first; same-day articles in the order they were published (their row id). */
export function newestFirst(articles: FullArticle[]): FullArticle[] {
  const byDate = (a: FullArticle, b: FullArticle) =>
    a.date_of_the_article < b.date_of_the_article ? 1 : a.date_of_the_article > b.date_of_the_article ? -1 : 0;
  return [...articles].sort((a, b) => byDate(a, b) || a.id - b.id);
}

/** Spec §5. */
export function search(articles: FullArticle[], term: string): FullArticle[] {
  const needle = term.trim().toLowerCase();
  const contains = (text: string) => text.toLowerCase().includes(needle);
  return newestFirst(articles).filter(
    (article) => contains(article.title_article) || article.topics.some(({ category }) => contains(category)),
  );
}

/** Spec §9: top 5 by approved comments, those with one at least, ties to the newer article. */
export function mostPopular(articles: FullArticle[], comments: FullComment[]) {
  const counts = new Map<string, number>();
  for (const { article } of comments) if (article !== null) counts.set(article, (counts.get(article) ?? 0) + 1);
  return newestFirst(articles)
    .map((article) => ({
      ...heading(article),
      comments: counts.get(article.title_article) ?? 0,
      photo: cardPhoto(article),
    }))
    .filter(({ comments }) => comments > 0)
    .sort((a, b) => b.comments - a.comments)
    .slice(0, 5);
}

export function topicCounts(articles: FullArticle[]) {
  const counts = new Map<string, number>();
  for (const article of articles) {
    for (const category of new Set(article.topics.map((topic) => topic.category))) {
      counts.set(category, (counts.get(category) ?? 0) + 1);
    }
  }
  return [...counts]
    .map(([category, count]) => ({ category, count }))
    .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category, 'en'));
}

export const years = (articles: FullArticle[]) =>
  [...new Set(articles.map((article) => Number(article.date_of_the_article.slice(0, 4))))].sort((a, b) => b - a);

export const yearArchive = (articles: FullArticle[], year: number) =>
  newestFirst(articles)
    .filter((article) => article.date_of_the_article.startsWith(`${year}-`))
    .map(heading);
