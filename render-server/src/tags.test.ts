/** @jest-environment node */
import { BUNDLED_READ, createQueryClient, queries } from '@blog/shared';
import { anArticle } from '@blog/shared/testing';
import { TAG, outdatesOnly, outdatesWhenKeptAhead, tagsOfChange, tagsOfReads, tagsOfSharedRead } from './tags';
import { log } from './log';

describe('the tags of a page', () => {
  it('name what its reads showed, apart from what it shows only in the parts pages share', () => {
    const reads = createQueryClient();
    const article = anArticle({ documentId: 'doc-1', title_article: 'Munitions Math' });
    reads.setQueryData(queries.article('Munitions Math').queryKey, article);
    reads.setQueryData(queries.articleComments('Munitions Math').queryKey, null);
    reads.setQueryData(queries.mostPopular().queryKey, []);
    reads.setQueryData(queries.recentArticles(3).queryKey, []);
    reads.setQueryData(queries.contactDetails().queryKey, null);
    const tags = tagsOfReads(reads);
    expect(tags.sort()).toEqual(
      [
        TAG.site,
        TAG.article('doc-1'),
        TAG.comments('Munitions Math'),
        TAG.inSharedPart(TAG.articles),
        TAG.inSharedPart(TAG.commentCounts),
        TAG.contact,
      ].sort(),
    );
    expect(tags.filter(outdatesOnly).sort()).toEqual(
      [TAG.inSharedPart(TAG.articles), TAG.inSharedPart(TAG.commentCounts)].sort(),
    );
  });

  it('leave every page a change touched stale where pages are kept ahead, but a section’s new build', () => {
    expect(
      [TAG.site, TAG.articles, TAG.article('d'), TAG.inSharedPart(TAG.articles)].every(outdatesWhenKeptAhead),
    ).toBe(true);
    expect(outdatesWhenKeptAhead(TAG.section('mf_articles'))).toBe(false);
  });

  it('name the articles as a list page’s own, though its sidebar shows them too', () => {
    const reads = createQueryClient();
    reads.setQueryData(queries.homeArticles().queryKey, []);
    reads.setQueryData(queries.mostPopular().queryKey, []);
    expect(tagsOfReads(reads)).toEqual(
      expect.arrayContaining([TAG.articles, TAG.inSharedPart(TAG.articles), TAG.inSharedPart(TAG.commentCounts)]),
    );
  });

  it('name the lists for a title that names no article: publishing one by that title changes the page', () => {
    const reads = createQueryClient();
    reads.setQueryData(queries.article('Not yet').queryKey, null);
    expect(tagsOfReads(reads)).toEqual([TAG.site, TAG.articles]);
  });

  it('know every read a page can show', () => {
    // Typed as every query there is: a new read does not compile here until it is listed.
    const everyRead: { [Name in keyof typeof queries]: ReturnType<(typeof queries)[Name]> } = {
      homeArticles: queries.homeArticles(),
      article: queries.article('x'),
      articleComments: queries.articleComments('x'),
      articleSummaries: queries.articleSummaries({ search: 'x', page: 1 }),
      mostPopular: queries.mostPopular(),
      topicCounts: queries.topicCounts(),
      archiveYears: queries.archiveYears(),
      archiveYear: queries.archiveYear(2025),
      recentArticles: queries.recentArticles(3),
      newsletter: queries.newsletter(),
      about: queries.about(),
      startHere: queries.startHere(),
      contactDetails: queries.contactDetails(),
      coverContact: queries.coverContact(),
    };
    const logged = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    const reads = createQueryClient();
    for (const { queryKey } of Object.values(everyRead)) reads.setQueryData(queryKey, null);
    tagsOfReads(reads);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('name nothing more for a section’s bundled data, which no change in the CMS alters', () => {
    const logged = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    const reads = createQueryClient();
    reads.setQueryData([BUNDLED_READ, 'dialling-prefixes'], ['+1', '+44']);
    expect(tagsOfReads(reads)).toEqual([TAG.site]);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('are single tokens, as Surrogate-Key and Cache-Tag headers need', () => {
    expect(TAG.comments('Drones, tanks & "the" budget')).toMatch(/^comments-[0-9a-f]{16}$/);
  });
});

describe('the tags a change drops', () => {
  it('for an article: every list, the parts pages share, and the article', () => {
    expect(tagsOfChange({ event: 'entry.publish', uid: 'api::article.article', documentId: 'doc-1' })).toEqual([
      TAG.articles,
      TAG.inSharedPart(TAG.articles),
      TAG.article('doc-1'),
    ]);
  });

  it('for a comment: its article’s comments, and the counts unless it was a vote', () => {
    const comment = { uid: 'api::comment.comment', documentId: 'c-1', article: 'Munitions Math' };
    expect(tagsOfChange({ ...comment, event: 'entry.update' })).toEqual([
      TAG.comments('Munitions Math'),
      TAG.commentCounts,
      TAG.inSharedPart(TAG.commentCounts),
    ]);
    expect(tagsOfChange({ ...comment, event: 'comment.vote' })).toEqual([TAG.comments('Munitions Math')]);
  });

  it('for a single page: that page', () => {
    expect(tagsOfChange({ event: 'entry.update', uid: 'api::about-me.about-me', documentId: 'a' })).toEqual([
      TAG.about,
    ]);
    expect(tagsOfChange({ event: 'entry.update', uid: 'api::contact-detail.contact-detail' })).toEqual([TAG.contact]);
  });

  it('for anything narrower tags do not name (a photo replaced, a comment without its article): the whole site', () => {
    expect(tagsOfChange({ event: 'media.update', uid: 'plugin::upload.file' })).toEqual([TAG.site]);
    expect(tagsOfChange({ event: 'entry.update', uid: 'api::comment.comment', documentId: 'c-1' })).toEqual([TAG.site]);
  });
});

describe('the tags of a read many pages share', () => {
  const CMS = 'http://cms.test/api';

  it('are those its pages get for it, so that the changes that drop them drop it', () => {
    const shared = [
      [queries.contactDetails(), `${CMS}/contact-details?populate=*`],
      [queries.recentArticles(5), `${CMS}/latest-articles?limit=5`],
      [queries.mostPopular(), `${CMS}/most-popular-articles`],
      [queries.topicCounts(), `${CMS}/article-topics`],
      [queries.articleSummaries({ search: '', page: 1 }), `${CMS}/article-summaries?page=1&pageSize=12`],
    ] as const;
    for (const [query, url] of shared) {
      const reads = createQueryClient();
      reads.setQueryData(query.queryKey, []);
      expect(tagsOfSharedRead(url)?.sort()).toEqual(tagsOfReads(reads).sort());
    }
  });

  it('are none for a page’s own read: an article, its comments, a search, a later page of the list', () => {
    for (const url of [
      `${CMS}/article-detail?title=Munitions%20Math`,
      `${CMS}/article-comments?title=Munitions%20Math&page=1&pageSize=100`,
      `${CMS}/article-search?search=cyber&page=1&pageSize=12`,
      `${CMS}/article-summaries?page=2&pageSize=12`,
    ])
      expect(tagsOfSharedRead(url)).toBeUndefined();
  });
});
