import { mostPopular, topicCounts, Markup, type Article, type Comment, type Source } from '@blog/shared';
import { useId, type ReactNode } from 'react';
import { ArticleDate } from './ArticleDate';
import { OpenArticleLink } from './OpenArticleLink';
import { Photo } from './Photo';
import { SearchLink } from './SearchLink';
import { Skeleton } from './Skeleton';
import './Sidebar.css';

export function Sidebar({ children }: { children: ReactNode }) {
  return <aside className="mfa-sidebar">{children}</aside>;
}

function SidebarSection({ title, busy = false, children }: { title: string; busy?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} aria-busy={busy}>
      <h2 id={headingId} className="mfa-sidebar-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

// Spec §9: the top 5; while the data loads, that many rows keep their place.
const POPULAR_COUNT = 5;

interface MostPopularProps {
  articles: Article[] | undefined;
  comments: Comment[] | undefined;
  onOpen: (article: Article) => void;
}

export function MostPopular({ articles, comments, onOpen }: MostPopularProps) {
  const popular = articles && comments ? mostPopular(articles, comments, POPULAR_COUNT) : undefined;
  return (
    <SidebarSection title="MOST POPULAR ARTICLES" busy={!popular}>
      <ol className="mfa-popular">
        {popular
          ? popular.map((article) => (
              <li key={article.documentId} className="mfa-popular-item">
                <Photo media={article.photo_article?.[0]} sizes="96px" decorative className="mfa-popular-photo" />
                <div>
                  <OpenArticleLink article={article} onOpen={onOpen} className="mfa-popular-link">
                    {article.title_article}
                  </OpenArticleLink>
                  <ArticleDate date={article.date_of_the_article} className="mfa-popular-date" />
                </div>
              </li>
            ))
          : Array.from({ length: POPULAR_COUNT }, (_, index) => (
              <li key={index} className="mfa-popular-item">
                <Skeleton className="mfa-popular-photo" />
                <Skeleton className="mfa-popular-placeholder" />
              </li>
            ))}
      </ol>
    </SidebarSection>
  );
}

export function TopicList({ articles }: { articles: Article[] | undefined }) {
  return (
    <SidebarSection title="TOPICS" busy={!articles}>
      {articles ? (
        <ul className="mfa-topics">
          {topicCounts(articles).map(({ category, count }) => (
            <li key={category}>
              <SearchLink term={category} className="mfa-topic">
                {category} <span className="mfa-topic-count">({count})</span>
              </SearchLink>
            </li>
          ))}
        </ul>
      ) : (
        <Skeleton className="mfa-topics-placeholder" />
      )}
    </SidebarSection>
  );
}

export function SourceList({ sources }: { sources: Source[] }) {
  if (sources.length === 0) return null;
  return (
    <SidebarSection title="SOURCES">
      <ol className="mfa-sources">
        {sources.map((source, index) => (
          <li key={source.id ?? index}>
            <Markup text={source.text} />
          </li>
        ))}
      </ol>
    </SidebarSection>
  );
}
