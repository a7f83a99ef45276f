import { Photo, Prose, mediaUrlFor, queries, type Article, type ArticleDetailProps } from '@blog/shared';
import { useQuery } from '@blog/shared/query';
import { useEffect, useRef } from 'react';
import { ArticleDate } from '../common/ArticleDate';
import { SearchLink } from '../common/SearchLink';
import { ShareButtons } from '../common/ShareButtons';
import common from '../common/common.module.css';
import { Comments } from '../comments';
import { MostPopular, Sidebar, SourceList, TopicList } from '../sidebar';
import { AudioPlayer } from './AudioPlayer';
import { DetailSkeleton } from './DetailSkeleton';
import { Recommendations } from './Recommendations';
import styles from './ArticleDetail.module.css';

interface ArticleViewProps extends Pick<ArticleDetailProps, 'onBack' | 'onOpenArticle'> {
  article: Article;
}

function ArticleView({ article, onBack, onOpenArticle }: ArticleViewProps) {
  const root = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);

  // An article opened from further down a list starts at its top, and a keyboard or screen reader
  // visitor starts at its title.
  useEffect(() => {
    if ((root.current?.getBoundingClientRect().top ?? 0) < 0) root.current?.scrollIntoView?.({ block: 'start' });
    title.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div ref={root} className={`page ${common.layout} ${styles.detail}`}>
      <article aria-labelledby={`mfa-title-${article.documentId}`}>
        <button type="button" className={styles.back} onClick={onBack}>
          ← Back to Articles
        </button>
        {article.audio && <AudioPlayer src={mediaUrlFor(article.audio.url)} title={article.title_article} />}
        <header>
          <h1 id={`mfa-title-${article.documentId}`} ref={title} tabIndex={-1} className={styles.title}>
            {article.title_article}
          </h1>
          {article.written_by && (
            <p className={styles.byline}>
              Written By <span className={styles.author}>{article.written_by}</span>
            </p>
          )}
          {article.topics.length > 0 && (
            <nav aria-label="Topics">
              <ul className={styles.topics}>
                {article.topics.map(({ category }) => (
                  <li key={category}>
                    <SearchLink term={category} className={common.tag}>
                      {category}
                    </SearchLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <div className={styles.dateline}>
            <ArticleDate date={article.date_of_the_article} />
            <ShareButtons article={article} />
          </div>
        </header>
        <Photo
          media={article.photo_article?.[0]}
          sizes="(max-width: 900px) 100vw, 820px"
          priority
          className={`${common.widePhoto} ${styles.photo}`}
        />
        <div data-testid="article-text">
          <Prose text={article.text_article} />
        </div>
        <Recommendations recommended={article.articles} />
        <Comments article={article.title_article} />
      </article>
      <Sidebar>
        <MostPopular onOpen={onOpenArticle} />
        <SourceList sources={article.sources} />
        <TopicList />
      </Sidebar>
    </div>
  );
}

/**
 * One article, by its title: shown by Home and Articles, and by the Newsletter section through
 * Module Federation. The article and its sidebar are the page's reads (the server loads them);
 * meanwhile its shape is shown, and nothing (the host is told) when the title names no article.
 * Another article is another view: its comment form, votes and focus start afresh.
 */
export function ArticleDetail({ title, onBack, onOpenArticle, onMissing }: ArticleDetailProps) {
  const { data: article } = useQuery(queries.article(title));
  useEffect(() => {
    if (article === null) onMissing();
  }, [article, onMissing]);
  if (article === undefined) return <DetailSkeleton />;
  if (article === null) return null;
  return <ArticleView key={title} article={article} onBack={onBack} onOpenArticle={onOpenArticle} />;
}
