import { queries } from '@blog/shared';
import { useQuery } from '@blog/shared/query';
import { Skeleton, SkeletonLines } from '../common/Skeleton';
import common from '../common/common.module.css';
import { ListOrArticle, useOpenArticle } from '../in-place';
import { MostPopular, Sidebar, TopicList } from '../sidebar';
import { Banner } from './Banner';
import { HomeArticle } from './HomeArticle';
import styles from './HomePage.module.css';

function HomeArticlePlaceholder() {
  return (
    <div className={styles.article} aria-hidden>
      <Skeleton className={styles.skeletonKicker} />
      <Skeleton className={styles.skeletonTitle} />
      <Skeleton className={styles.skeletonShare} />
      <Skeleton className={`${common.widePhoto} ${styles.photo}`} />
      <SkeletonLines count={10} />
    </div>
  );
}

/** Spec §2 Home: the banner, the two newest articles and the sidebar; an article opens in place. */
export function HomePage() {
  const opened = useOpenArticle();
  // Read once the home page itself is shown (not for an article reached by its address), and kept.
  const { data: newest } = useQuery({ ...queries.homeArticles(), enabled: opened.title === null });
  return (
    <ListOrArticle opened={opened}>
      {(open) => (
        <div className="page">
          <Banner />
          <div className={common.layout}>
            <section className={styles.latest} aria-label="Latest articles" aria-busy={!newest}>
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
