import { formatArticleDate } from '@blog/shared';

export function ArticleDate({ date, className }: { date: string; className?: string }) {
  return (
    <time className={className} dateTime={date}>
      {formatArticleDate(date)}
    </time>
  );
}
