import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { searchTermFrom } from '../navigation';

/**
 * The Articles search term: what the visitor types, preset by a navigation that carries
 * `searchTerm` (a topic or a recommendation click). Each history entry presets it once, so going
 * back to the list keeps what the visitor typed since.
 */
export function useSearchTerm() {
  const { key, state } = useLocation();
  const preset = searchTermFrom(state);
  const [term, setTerm] = useState(preset ?? '');
  const applied = useRef(new Set<string>());

  // Before paint: the list never shows unfiltered on its way to the preset term.
  useLayoutEffect(() => {
    if (applied.current.has(key)) return;
    applied.current.add(key);
    if (preset === undefined) return;
    setTerm(preset);
    // A search asked for elsewhere (a topic, a recommendation) starts at the top of its results.
    window.scrollTo(0, 0);
  }, [key, preset]);

  return [term, setTerm] as const;
}
