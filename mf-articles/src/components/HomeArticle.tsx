import { Markup, firstLines, type ArticleRef, type NewestArticle } from '@blog/shared';
import { useId } from 'react';
import { ArticleDate } from './ArticleDate';
import { OpenArticleLink } from './OpenArticleLink';
import { Photo } from './Photo';
import { ShareButtons } from './ShareButtons';

// Spec §9: the home page shows at most this many lines of an article.
const HOME_LINES = 15;

interface HomeArticleProps {
  article: NewestArticle;
  /** The first article is above the fold: its photo loads at once. */
  first: boolean;
  onOpen: (article: ArticleRef) => void;
}

export function HomeArticle({ article, first, onOpen }: HomeArticleProps) {
  const titleId = useId();
  const excerpt = firstLines(article.text_article, HOME_LINES);
  return (
    <article className="mfa-home-article" aria-labelledby={titleId}>
      <ArticleDate date={article.date_of_the_article} className="mfa-kicker" />
      <h2 id={titleId} className="mfa-home-title">
        <OpenArticleLink article={article} onOpen={onOpen}>
          {article.title_article}
        </OpenArticleLink>
      </h2>
      <ShareButtons article={article} />
      <Photo
        media={article.photo_article?.[0]}
        sizes="(max-width: 900px) 100vw, 820px"
        eager={first}
        className="mfa-home-photo"
      />
      <Markup text={excerpt.text} className="mfa-prose" />
      {excerpt.truncated && (
        <OpenArticleLink article={article} onOpen={onOpen} className="mfa-continue">
          Continue reading...<span className="visually-hidden"> {article.title_article}</span>
        </OpenArticleLink>
      )}
    </article>
  );
}
