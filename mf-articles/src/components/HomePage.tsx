import { fetchArticles, fetchComments, latestArticles, useLoaded } from '@blog/shared';
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
  const articles = useLoaded(fetchArticles);
  const comments = useLoaded(fetchComments);
  return (
    <ListOrArticle articles={articles}>
      {(open) => (
        <div className="page">
          <Banner />
          <div className="mfa-layout">
            <section className="mfa-home-latest" aria-label="Latest articles" aria-busy={!articles}>
              {articles
                ? latestArticles(articles).map((latest, index) => (
                    <HomeArticle key={latest.documentId} article={latest} first={index === 0} onOpen={open} />
                  ))
                : [0, 1].map((index) => <HomeArticlePlaceholder key={index} />)}
            </section>
            <Sidebar>
              <MostPopular articles={articles} comments={comments} onOpen={open} />
              <TopicList articles={articles} />
            </Sidebar>
          </div>
        </div>
      )}
    </ListOrArticle>
  );
}
