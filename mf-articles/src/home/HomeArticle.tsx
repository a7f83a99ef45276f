import { Photo, Prose, firstLines, type ArticleRef, type NewestArticle } from '@blog/shared';
import { useId } from 'react';
import { ArticleDate } from '../common/ArticleDate';
import { OpenArticleLink } from '../common/OpenArticleLink';
import { ShareButtons } from '../common/ShareButtons';
import common from '../common/common.module.css';
import styles from './HomePage.module.css';

// Spec §9: the home page shows at most this many lines of an article.
const HOME_LINES = 15;

interface HomeArticleProps {
  article: NewestArticle;
  /** The first article's photo is the page's largest image above the fold: asked for at once and first. */
  first: boolean;
  onOpen: (article: ArticleRef) => void;
}

export function HomeArticle({ article, first, onOpen }: HomeArticleProps) {
  const titleId = useId();
  const excerpt = firstLines(article.text_article, HOME_LINES);
  return (
    <article className={styles.article} aria-labelledby={titleId}>
      <ArticleDate date={article.date_of_the_article} className={styles.kicker} />
      <h2 id={titleId} className={styles.title}>
        <OpenArticleLink article={article} onOpen={onOpen}>
          {article.title_article}
        </OpenArticleLink>
      </h2>
      <ShareButtons article={article} />
      <Photo
        media={article.photo_article?.[0]}
        sizes="(max-width: 900px) 100vw, 820px"
        priority={first}
        className={`${common.widePhoto} ${styles.photo}`}
      />
      <Prose text={excerpt.text} />
      {excerpt.truncated && (
        <OpenArticleLink article={article} onOpen={onOpen} className={styles.continue}>
          Continue reading...<span className="visually-hidden"> {article.title_article}</span>
        </OpenArticleLink>
      )}
    </article>
  );
}
