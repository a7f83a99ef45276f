import { fetchHomeArticles, useLoaded } from '@blog/shared';
import { useOpenArticle } from '../hooks/useOpenArticle';
import { Banner } from './Banner';
import { HomeArticle } from './HomeArticle';
import { ListOrArticle } from './ListOrArticle';
import { MostPopular, Sidebar, TopicList } from './Sidebar';
import { Skeleton, SkeletonLines } from './Skeleton';
import './common.css';
import './HomePage.css';

function HomeArticlePlaceholder() {
  return (
    <div className="mfa-home-article" aria-hidden>
      <Skeleton className="mfa-skeleton-kicker" />
      <Skeleton className="mfa-skeleton-home-title" />
      <Skeleton className="mfa-skeleton-share" />
      <Skeleton className="mfa-photo mfa-home-photo" />
      <SkeletonLines count={10} />
    </div>
  );
}

/** Spec §2 Home: the banner, the two newest articles and the sidebar; an article opens in place. */
export function HomePage() {
  const opened = useOpenArticle();
  // Read once the home page itself is shown (not for an article reached by its address), and kept.
  const newest = useLoaded(fetchHomeArticles, opened.title === null);
  return (
    <ListOrArticle opened={opened}>
      {(open) => (
        <div className="page">
          <Banner />
          <div className="mfa-layout">
            <section className="mfa-home-latest" aria-label="Latest articles" aria-busy={!newest}>
              {newest
                ? newest.map((latest, index) => (
                    <HomeArticle key={latest.documentId} article={latest} first={index === 0} onOpen={open} />
                  ))
                : [0, 1].map((index) => <HomeArticlePlaceholder key={index} />)}
            </section>
            <Sidebar>
              <MostPopular onOpen={open} />
              <TopicList />
            </Sidebar>
          </div>
        </div>
      )}
    </ListOrArticle>
  );
}
