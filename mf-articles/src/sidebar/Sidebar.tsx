import { Markup, Photo, queries, sharedPart, type ArticleRef, type SharedPartName, type Source } from '@blog/shared';
import { useQuery } from '@blog/shared/query';
import { useId, type ReactNode } from 'react';
import { ArticleDate } from '../common/ArticleDate';
import { OpenArticleLink } from '../common/OpenArticleLink';
import { SearchLink } from '../common/SearchLink';
import { Skeleton } from '../common/Skeleton';
import styles from './Sidebar.module.css';

export function Sidebar({ children }: { children: ReactNode }) {
  return <aside className={styles.sidebar}>{children}</aside>;
}

/**
 * A titled section of the sidebar. One that many pages show alike is `part`: marked as the shared
 * part, its title's id fixed, so that it renders the same HTML wherever it is (`SHARED_PARTS`).
 */
function SidebarSection({
  title,
  busy = false,
  part,
  children,
}: {
  title: string;
  busy?: boolean;
  part?: SharedPartName;
  children: ReactNode;
}) {
  const ownId = useId();
  const headingId = part ? `sidebar-${part}` : ownId;
  return (
    <section aria-labelledby={headingId} aria-busy={busy} {...(part && sharedPart(part))}>
      <h2 id={headingId} className={styles.title}>
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
  const { data: popular } = useQuery(queries.mostPopular());
  return (
    <SidebarSection title="MOST POPULAR ARTICLES" busy={!popular} part="most-popular">
      <ol className={styles.popular}>
        {popular
          ? popular.map((article) => (
              <li key={article.documentId} className={styles.popularItem}>
                <Photo media={article.photo} sizes="96px" decorative className={styles.popularPhoto} />
                <div>
                  <OpenArticleLink article={article} onOpen={onOpen} className={styles.popularLink}>
                    {article.title_article}
                  </OpenArticleLink>
                  <ArticleDate date={article.date_of_the_article} className={styles.popularDate} />
                </div>
              </li>
            ))
          : Array.from({ length: POPULAR_COUNT }, (_, index) => (
              <li key={index} className={styles.popularItem}>
                <Skeleton className={styles.popularPhoto} />
                <Skeleton className={styles.popularPlaceholder} />
              </li>
            ))}
      </ol>
    </SidebarSection>
  );
}

/** Every topic with its number of articles, counted by the CMS; a click searches the list for it. */
export function TopicList() {
  const { data: topics } = useQuery(queries.topicCounts());
  return (
    <SidebarSection title="TOPICS" busy={!topics} part="topics">
      {topics ? (
        <ul className={styles.topics}>
          {topics.map(({ category, count }) => (
            <li key={category}>
              <SearchLink term={category} className={styles.topic}>
                {category} <span className={styles.topicCount}>({count})</span>
              </SearchLink>
            </li>
          ))}
        </ul>
      ) : (
        <Skeleton className={styles.topicsPlaceholder} />
      )}
    </SidebarSection>
  );
}

export function SourceList({ sources }: { sources: Source[] }) {
  if (sources.length === 0) return null;
  return (
    <SidebarSection title="SOURCES">
      <ol className={styles.sources}>
        {sources.map((source, index) => (
          <li key={source.id ?? index}>
            <Markup text={source.text} />
          </li>
        ))}
      </ol>
    </SidebarSection>
  );
}
