import { useCallback, useEffect, useState } from 'react';
import { Archive } from '../archive/Archive';
import { useArchiveAddress } from '../archive/useArchiveAddress';
import { ArticleView } from '../article/ArticleView';
import { NewsletterBanner } from '../banner/NewsletterBanner';
import styles from './NewsletterPage.module.css';

/**
 * /New-letter (spec §2): the archive by year, and the article detail opened from it. The archive
 * is read once it is shown (an article reached by its address reads none of it), one year at a
 * time; the page's reads keep it while an article is open, so Back shows it at once.
 */
export function NewsletterPage() {
  const { requestedYear, title, entry, selectYear, openArticle, backToArchive } = useArchiveAddress();
  // The history entry whose title named no article: the archive is shown instead.
  const [missingAt, setMissingAt] = useState<string>();
  const open = missingAt === entry ? null : title;
  const missing = useCallback(() => setMissingAt(entry), [entry]);

  // Back in the archive, the row of the last article read takes the focus (and the screen) once.
  // It starts as the open article so that the effect changes nothing on the first (hydrating) render:
  // an update then would reach mf-articles' detail before React has hydrated it.
  const [returnTo, setReturnTo] = useState(open ?? undefined);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the article just closed must stay named for one committed render, so that its row's effect can take the focus
  useEffect(() => setReturnTo(open ?? undefined), [open]);

  if (open !== null) {
    return (
      <ArticleView
        title={open}
        onBack={backToArchive}
        onOpenArticle={(article) => openArticle(article.title_article)}
        onMissing={missing}
      />
    );
  }
  return (
    <div className={styles.page}>
      <NewsletterBanner />
      <Archive requestedYear={requestedYear} returnTo={returnTo} onSelectYear={selectYear} />
    </div>
  );
}
