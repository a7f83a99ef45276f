import { useLoaded } from '@blog/shared';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

type ReadOnce = <T>(load: () => Promise<T>) => Promise<T>;

const SectionReadsContext = createContext<ReadOnce | null>(null);

/**
 * The reads of one view of the section, each made once: Home's sidebar and the sidebar of an
 * article opened in Home's place (or of the next article opened from it) show one answer, not one
 * each. An outer provider's reads are the ones shared.
 */
export function SectionReads({ children }: { children: ReactNode }) {
  const outer = useContext(SectionReadsContext);
  const [once] = useState<ReadOnce>(() => {
    const answers = new Map<() => Promise<unknown>, Promise<unknown>>();
    return <T,>(load: () => Promise<T>) => {
      if (!answers.has(load)) answers.set(load, load());
      return answers.get(load) as Promise<T>;
    };
  });
  return <SectionReadsContext.Provider value={outer ?? once}>{children}</SectionReadsContext.Provider>;
}

/** `useLoaded(load)`, asked once for the whole view under `SectionReads` (and as it is without one). */
export function useSectionRead<T>(load: () => Promise<T>): T | undefined {
  const once = useContext(SectionReadsContext);
  return useLoaded(useMemo(() => (once ? () => once(load) : load), [once, load]));
}
