import { Markup, fetchMostPopular, fetchTopicCounts, type ArticleRef, type Source } from '@blog/shared';
import { useId, type ReactNode } from 'react';
import { useSectionRead } from '../hooks/useSectionRead';
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

/** Spec §9: the most commented articles, counted by the CMS; a click opens one where the host decides. */
export function MostPopular({ onOpen }: { onOpen: (article: ArticleRef) => void }) {
  const popular = useSectionRead(fetchMostPopular);
  return (
    <SidebarSection title="MOST POPULAR ARTICLES" busy={!popular}>
      <ol className="mfa-popular">
        {popular
          ? popular.map((article) => (
              <li key={article.documentId} className="mfa-popular-item">
                <Photo media={article.photo} sizes="96px" decorative className="mfa-popular-photo" />
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

/** Every topic with its number of articles, counted by the CMS; a click searches the list for it. */
export function TopicList() {
  const topics = useSectionRead(fetchTopicCounts);
  return (
    <SidebarSection title="TOPICS" busy={!topics}>
      {topics ? (
        <ul className="mfa-topics">
          {topics.map(({ category, count }) => (
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
