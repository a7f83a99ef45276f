// The archive keeps its state in the address (`?year=2025`, plus `&title=…` while an article is
// open) so that the browser's back button, a reload and a shared link all show the same view.

/**
 * The requested year when the archive has articles in it, otherwise the latest year (spec §4).
 * Before the archive's years are known, the year the address names.
 */
export function archiveYear(years: number[] | undefined, requested: string | null): number | undefined {
  const year = Number(requested);
  if (years === undefined) return requested !== null && /^\d{4}$/.test(requested) ? year : undefined;
  return requested !== null && years.includes(year) ? year : years[0];
}

/** The address's query for a year of the archive, and for an article opened from it. */
export function archiveSearch(year: number | undefined, title?: string): string {
  const params = [
    ...(year === undefined ? [] : [`year=${year}`]),
    ...(title === undefined ? [] : [`title=${encodeURIComponent(title)}`]),
  ];
  return params.length === 0 ? '' : `?${params.join('&')}`;
}
