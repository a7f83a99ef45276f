import { Markup, type ArticleRef, type ArticleSummary } from '@blog/shared';
import { ArticleDate } from './ArticleDate';
import { OpenArticleLink } from './OpenArticleLink';
import { Photo } from './Photo';
import './ArticleCard.css';

interface ArticleCardProps {
  article: ArticleSummary;
  /** Cards of the first row are above the fold: their photos load at once. */
  eager: boolean;
  onOpen: (article: ArticleRef) => void;
}

/**
 * Spec §2: category tag, photo, date, title and a 4-line description; the whole card opens the
 * article. The description is the CMS's excerpt: its headings and quotes are plain lines already,
 * so a card holds no headings of its own, and bold and links stay for the markup renderer.
 */
export function ArticleCard({ article, eager, onOpen }: ArticleCardProps) {
  const category = article.topics[0]?.category;
  return (
    <article className="mfa-card">
      <Photo media={article.photo} sizes="(max-width: 640px) 100vw, 380px" eager={eager} decorative />
      <div className="mfa-card-body">
        <div className="mfa-card-meta">
          {category && <span className="mfa-tag">{category}</span>}
          <ArticleDate date={article.date_of_the_article} className="mfa-card-date" />
        </div>
        <h2 className="mfa-card-title">
          <OpenArticleLink article={article} onOpen={onOpen} className="mfa-card-link">
            {article.title_article}
          </OpenArticleLink>
        </h2>
        <Markup text={article.excerpt} className="mfa-card-description" />
      </div>
    </article>
  );
}
