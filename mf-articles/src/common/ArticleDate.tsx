import { formatArticleDate } from '@blog/shared';

/** An article's day, as spec §9 writes it: the same text on the server and in every time zone. */
export function ArticleDate({ date, className }: { date: string; className?: string }) {
  return (
    <time className={className} dateTime={date}>
      {formatArticleDate(date)}
    </time>
  );
}
