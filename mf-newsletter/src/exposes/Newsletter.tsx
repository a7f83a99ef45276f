import { fetchArchiveYear, fetchArchiveYears, fetchNewsletter, groupByMonth, useLoaded } from '@blog/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { archiveYear } from '../archive';
import { Archive } from '../components/Archive';
import { ArticleView } from '../components/ArticleView';
import { NewsletterBanner } from '../components/NewsletterBanner';
import { useArchiveAddress } from '../useArchiveAddress';
import './Newsletter.css';

/**
 * The newsletter archive (spec §2): a list view by year, and the article detail opened from it.
 * The archive is read once it is shown (an article reached by its address reads none of it), one
 * year at a time, and kept while an article is open.
 */
export default function Newsletter() {
  const { requestedYear, title, entry, selectYear, openArticle, backToArchive } = useArchiveAddress();
  // The history entry whose title named no article: the archive is shown instead.
  const [missingAt, setMissingAt] = useState<string>();
  const open = missingAt === entry ? null : title;
  const archiveShown = open === null;

  const newsletter = useLoaded(fetchNewsletter, archiveShown);
  const years = useLoaded(fetchArchiveYears, archiveShown);
  const year = archiveYear(years, requestedYear);
  const loadYear = useMemo(() => (year === undefined ? undefined : () => fetchArchiveYear(year)), [year]);
  const articles = useLoaded(loadYear, archiveShown);
  const months = useMemo(() => groupByMonth(articles ?? []), [articles]);

  // Back in the archive, the row of the last article read takes the focus (and the screen) once.
  const [returnTo, setReturnTo] = useState<string>();
  useEffect(() => setReturnTo(open ?? undefined), [open]);
  const missing = useCallback(() => setMissingAt(entry), [entry]);

  if (open !== null) {
    return (
      <ArticleView
        title={open}
        onBack={() => backToArchive(year)}
        onOpenArticle={(article) => openArticle(year, article.title_article)}
        onMissing={missing}
      />
    );
  }
  return (
    <div className="newsletter">
      <NewsletterBanner newsletter={newsletter} />
      <Archive
        years={years ?? []}
        year={year}
        months={months}
        loading={years === undefined || (year !== undefined && articles === undefined)}
        returnTo={returnTo}
        onSelectYear={selectYear}
      />
    </div>
  );
}
