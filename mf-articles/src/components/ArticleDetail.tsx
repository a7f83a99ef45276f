import { Markup, fetchArticle, mediaUrlFor, useLoaded, type Article, type ArticleDetailProps } from '@blog/shared';
import { useCallback, useEffect, useRef } from 'react';
import { SectionReads } from '../hooks/useSectionRead';
import { ArticleDate } from './ArticleDate';
import { Comments } from './Comments';
import { DetailSkeleton } from './DetailSkeleton';
import { Photo } from './Photo';
import { Recommendations } from './Recommendations';
import { SearchLink } from './SearchLink';
import { ShareButtons } from './ShareButtons';
import { MostPopular, Sidebar, SourceList, TopicList } from './Sidebar';
import './common.css';
import './ArticleDetail.css';

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
    <div ref={root} className="page mfa-layout mfa-detail">
      <article aria-labelledby={`mfa-title-${article.documentId}`}>
        <button type="button" className="mfa-back" onClick={onBack}>
          ← Back to Articles
        </button>
        {article.audio && (
          <audio
            className="mfa-audio"
            controls
            preload="none"
            src={mediaUrlFor(article.audio.url)}
            aria-label={`Listen to ${article.title_article}`}
          />
        )}
        <header>
          <h1 id={`mfa-title-${article.documentId}`} ref={title} tabIndex={-1} className="mfa-detail-title">
            {article.title_article}
          </h1>
          {article.written_by && (
            <p className="mfa-byline">
              Written By <span className="mfa-author">{article.written_by}</span>
            </p>
          )}
          {article.topics.length > 0 && (
            <ul className="mfa-detail-topics" aria-label="Topics">
              {article.topics.map(({ category }) => (
                <li key={category}>
                  <SearchLink term={category} className="mfa-tag">
                    {category}
                  </SearchLink>
                </li>
              ))}
            </ul>
          )}
          <div className="mfa-dateline">
            <ArticleDate date={article.date_of_the_article} />
            <ShareButtons article={article} />
          </div>
        </header>
        <Photo
          media={article.photo_article?.[0]}
          sizes="(max-width: 900px) 100vw, 820px"
          eager
          className="mfa-detail-photo"
        />
        <Markup text={article.text_article} className="mfa-prose" />
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

/** The article a title names, read from the CMS; its shape meanwhile, and nothing (the host is told) when it is not there. */
function LoadedArticle({ title, onBack, onOpenArticle, onMissing }: ArticleDetailProps) {
  const article = useLoaded(useCallback(() => fetchArticle(title), [title]));
  useEffect(() => {
    if (article === null) onMissing();
  }, [article, onMissing]);
  if (article === undefined) return <DetailSkeleton />;
  if (article === null) return null;
  return <ArticleView article={article} onBack={onBack} onOpenArticle={onOpenArticle} />;
}

/**
 * One article, by its title: shown by Home and Articles, and by the Newsletter section through
 * Module Federation. Another article is another view: its comment form, votes and focus start
 * afresh, while the sidebar's reads are made once for them all.
 */
export function ArticleDetail(props: ArticleDetailProps) {
  return (
    <SectionReads>
      <LoadedArticle key={props.title} {...props} />
    </SectionReads>
  );
}
