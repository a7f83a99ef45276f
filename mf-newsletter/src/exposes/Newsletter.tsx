import { fetchArticles, fetchNewsletter, groupByMonth, newsletterYears, useLoaded } from '@blog/shared';
import { useEffect, useMemo, useState } from 'react';
import { archiveYear } from '../archive';
import { Archive } from '../components/Archive';
import { ArticleView } from '../components/ArticleView';
import { NewsletterBanner } from '../components/NewsletterBanner';
import { useArchiveAddress } from '../useArchiveAddress';
import './Newsletter.css';

/** The newsletter archive (spec §2): a list view by year, and the article detail opened from it. */
export default function Newsletter() {
  const newsletter = useLoaded(fetchNewsletter);
  const articles = useLoaded(fetchArticles);
  const { requestedYear, title, selectYear, openArticle, backToArchive } = useArchiveAddress();
  const years = useMemo(() => newsletterYears(articles ?? []), [articles]);
  const year = archiveYear(years, requestedYear);
  const months = useMemo(() => (year === undefined ? [] : groupByMonth(articles ?? [], year)), [articles, year]);
  const open = title === null ? undefined : articles?.find((article) => article.title_article === title);

  // Back in the archive, the row of the last article read takes the focus (and the screen) once.
  const [returnTo, setReturnTo] = useState<string>();
  useEffect(() => setReturnTo(open?.title_article), [open]);

  if (title !== null && articles === undefined) {
    // An address with an open article shows that article: no archive flashes by on the way.
    return <div className="newsletter" aria-busy="true" />;
  }
  if (open) {
    return (
      <ArticleView
        article={open}
        onBack={() => backToArchive(year)}
        onOpenArticle={(article) => openArticle(year, article.title_article)}
      />
    );
  }
  return (
    <div className="newsletter">
      <NewsletterBanner newsletter={newsletter} />
      <Archive
        years={years}
        year={year}
        months={months}
        loading={articles === undefined}
        returnTo={returnTo}
        onSelectYear={selectYear}
      />
    </div>
  );
}
