import { Markup, fetchArticles, mediaUrlFor, useLoaded, type Article } from '@blog/shared';
import { useEffect, useRef } from 'react';
import { useComments } from '../hooks/useComments';
import { ArticleDate } from './ArticleDate';
import { Comments } from './Comments';
import { Photo } from './Photo';
import { Recommendations } from './Recommendations';
import { SearchLink } from './SearchLink';
import { ShareButtons } from './ShareButtons';
import { MostPopular, Sidebar, SourceList, TopicList } from './Sidebar';
import './common.css';
import './ArticleDetail.css';

export interface ArticleDetailProps {
  article: Article;
  /** What '← Back to Articles' does. */
  onBack: () => void;
  /** What a MOST POPULAR click does: the host decides where the other article opens. */
  onOpenArticle: (article: Article) => void;
}

function ArticleView({ article, onBack, onOpenArticle }: ArticleDetailProps) {
  const articles = useLoaded(fetchArticles);
  const { comments, reload } = useComments();
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
        <Comments article={article.title_article} comments={comments} reload={reload} />
      </article>
      <Sidebar>
        <MostPopular articles={articles} comments={comments} onOpen={onOpenArticle} />
        <SourceList sources={article.sources} />
        <TopicList articles={articles} />
      </Sidebar>
    </div>
  );
}

/**
 * One article: shown by Home and Articles, and by the Newsletter section through Module Federation.
 * Another article is another view: its comment form, votes and focus start afresh.
 */
export function ArticleDetail(props: ArticleDetailProps) {
  return <ArticleView key={props.article.documentId} {...props} />;
}
