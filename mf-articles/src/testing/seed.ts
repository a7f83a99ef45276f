// Entries like the CMS's seed (cms/seed/content.json), for the tests of what the server renders.
import type { Article, MostPopularEntry, TopicCount } from '@blog/shared';
import { aComment, aList, aPhoto, aSummary, anArticle, lines, topics } from '@blog/shared/testing';
import type { StandInCms } from './cms';

export const budgets = anArticle({
  title_article: 'Budgets in an Era of Rearmament: What 2027 Will Test',
  written_by: 'Mateo Ferrer',
  date_of_the_article: '2026-11-09',
  text_article: `**Defense budgets are rising almost everywhere**, and 2027 will test whether that money turns into capability.\n${lines(20)}`,
  photo_article: [aPhoto('budgets')],
  topics: topics('Defense Budgets', 'Geopolitics'),
  audio: { id: 5, url: '/uploads/intro_rearmament_2027.wav', mime: 'audio/wav' },
  sources: [{ id: 1, text: 'SIPRI, [Military Expenditure Database](https://www.sipri.org/databases/milex)' }],
});

export const cyberInsurance = anArticle({
  title_article: 'Cyber Insurance and the Defense Contractor',
  date_of_the_article: '2026-10-05',
  topics: topics('Cyber', 'Markets'),
});

export const munitions = anArticle({
  title_article: 'Munitions Math: Why Artillery Shells Became a Strategic Commodity',
  written_by: 'Mateo Ferrer',
  date_of_the_article: '2025-06-09',
  text_article:
    '## The chain\n> Slowest stage sets the pace.\nShells are **strategic**: see [NATO](https://www.nato.int).',
  photo_article: [aPhoto('munitions')],
  topics: topics('Industrial Base', 'Supply Chains'),
  articles: [{ id: 90, documentId: 'rec-1', title_article: budgets.title_article }],
});

export const published: Article[] = [budgets, cyberInsurance, munitions];

export const mostPopular: MostPopularEntry[] = [munitions, budgets].map(
  ({ documentId, title_article, date_of_the_article, photo_article }, index) => ({
    documentId,
    title_article,
    date_of_the_article,
    comments: 12 - index,
    photo: photo_article?.[0] ?? null,
  }),
);

export const topicCounts: TopicCount[] = [
  { category: 'Cyber', count: 3 },
  { category: 'Geopolitics', count: 5 },
];

const HOUR = 3_600_000;

/** The stand-in CMS holding the seed: its articles, their summaries, a comment an hour old, the sidebar's counts. */
export function holdSeed(cms: StandInCms): void {
  cms.homeArticles.mockResolvedValue([budgets, cyberInsurance]);
  cms.article.mockImplementation((title) =>
    Promise.resolve(published.find((each) => each.title_article === title) ?? null),
  );
  cms.articleSummaries.mockImplementation(({ search, page, topic = '' }) => {
    const found = published.filter(
      ({ title_article, topics: categories }) =>
        title_article.toLowerCase().includes(search.toLowerCase()) &&
        (topic === '' || categories.some(({ category }) => category === topic)),
    );
    const summaries = found.map(
      ({ documentId, title_article, date_of_the_article, topics: categories, photo_article }) =>
        aSummary({
          documentId,
          title_article,
          date_of_the_article,
          topics: categories,
          photo: photo_article?.[0] ?? null,
        }),
    );
    const list = aList(summaries, { page, pageSize: 12, pageCount: 1, total: summaries.length });
    // A search's facets (as `article-search` answers them): here the topics of what was found.
    const categories = [...new Set(found.flatMap(({ topics: each }) => each.map(({ category }) => category)))];
    const facets = {
      topics: categories.map((value) => ({
        value,
        count: found.filter(({ topics: each }) => each.some(({ category }) => category === value)).length,
      })),
      years: [],
    };
    return Promise.resolve(search === '' ? list : { ...list, meta: { ...list.meta, facets } });
  });
  cms.articleComments.mockImplementation((title) =>
    Promise.resolve(
      aList(
        title === munitions.title_article
          ? [
              aComment({
                name: 'Laura',
                comment: 'Underrated point.',
                article: title,
                like: '3',
                publishedAt: new Date(Date.now() - HOUR).toISOString(),
              }),
            ]
          : [],
        { pageSize: 100 },
      ),
    ),
  );
  cms.mostPopular.mockResolvedValue(mostPopular);
  cms.topicCounts.mockResolvedValue(topicCounts);
}
