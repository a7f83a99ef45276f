import { Markup, type Article } from '@blog/shared';
import { teaserText } from '../teaser';
import { ArticleDate } from './ArticleDate';
import { OpenArticleLink } from './OpenArticleLink';
import { Photo } from './Photo';
import './ArticleCard.css';

interface ArticleCardProps {
  article: Article;
  /** Cards of the first row are above the fold: their photos load at once. */
  eager: boolean;
  onOpen: (article: Article) => void;
}

/** Spec §2: category tag, photo, date, title and a 4-line description; the whole card opens the article. */
export function ArticleCard({ article, eager, onOpen }: ArticleCardProps) {
  const category = article.topics[0]?.category;
  return (
    <article className="mfa-card">
      <Photo media={article.photo_article?.[0]} sizes="(max-width: 640px) 100vw, 380px" eager={eager} decorative />
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
        <Markup text={teaserText(article.text_article)} className="mfa-card-description" />
      </div>
    </article>
  );
}
