import { Markup, Photo, snippetParts, type ArticleRef, type ArticleSummary } from '@blog/shared';
import { ArticleDate } from '../common/ArticleDate';
import { OpenArticleLink } from '../common/OpenArticleLink';
import common from '../common/common.module.css';
import styles from './ArticleCard.module.css';

interface ArticleCardProps {
  article: ArticleSummary;
  /** The first card's photo is the page's largest image above the fold: asked for at once and first. */
  priority: boolean;
  onOpen: (article: ArticleRef) => void;
}

/** Where a search found an article in its text: the matched words marked, everything else text. */
function Snippet({ html }: { html: string }) {
  return (
    <p className={styles.snippet} data-testid="card-snippet">
      {snippetParts(html).map(({ text, marked }, index) => (marked ? <mark key={index}>{text}</mark> : text))}
    </p>
  );
}

/**
 * Spec §2: category tag, photo, date, title and a 4-line description; the whole card opens the
 * article. The description is the CMS's excerpt: its headings and quotes are plain lines already,
 * so a card holds no headings of its own, and bold and links stay for the markup renderer. An
 * article a search found in its text shows, instead, the snippet of its text that matched.
 */
export function ArticleCard({ article, priority, onOpen }: ArticleCardProps) {
  const category = article.topics[0]?.category;
  return (
    <article className={styles.card}>
      <Photo
        media={article.photo}
        sizes="(max-width: 640px) 100vw, 380px"
        priority={priority}
        decorative
        className={`${common.widePhoto} ${styles.photo}`}
      />
      <div className={styles.body}>
        <div className={styles.meta}>
          {category && <span className={common.tag}>{category}</span>}
          <ArticleDate date={article.date_of_the_article} className={styles.date} />
        </div>
        <h2 className={styles.title}>
          <OpenArticleLink article={article} onOpen={onOpen} className={styles.link}>
            {article.title_article}
          </OpenArticleLink>
        </h2>
        {article.snippet === undefined ? (
          <div data-testid="card-description">
            <Markup text={article.excerpt} className={styles.description} />
          </div>
        ) : (
          <Snippet html={article.snippet} />
        )}
      </div>
    </article>
  );
}
