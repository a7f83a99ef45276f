import { loadRemoteModule, type RemoteModuleId } from '@blog/shared/federation';
import { useEffect, useMemo, useRef } from 'react';

/** Spec §9: pointing at a link this long loads its section ahead of the click. */
export const PREFETCH_DELAY_MS = 100;

/** Handlers for a link: its section loads once the pointer (or focus) has rested on it long enough. */
export function usePrefetchOnHover(module: RemoteModuleId) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(() => {
    const start = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        // A failure here shows, with a retry, only if the visitor opens the section.
        loadRemoteModule(module).catch(() => undefined);
      }, PREFETCH_DELAY_MS);
    };
    const cancel = () => clearTimeout(timer.current);
    return { onMouseEnter: start, onFocus: start, onMouseLeave: cancel, onBlur: cancel };
  }, [module]);
}
