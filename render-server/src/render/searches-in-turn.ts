import pLimit from 'p-limit';
import { isSearch } from '../long-tail';
import type { RenderTarget } from '../prerender';

/**
 * Searches rendered `atOnce` at a time, the others waiting their turn; every other page as asked.
 * A search never asked before costs the CMS a search of its whole index: at a start, when no search
 * is kept yet, a burst of them queued at the CMS itself, and the last passed the reads' deadline
 * and were answered empty. Waiting here, a search's reads start only once it is its turn. A search
 * whose visitor left while it waited is not rendered.
 */
export function searchesInTurn(render: RenderTarget, atOnce: number): RenderTarget {
  const turns = pLimit(atOnce);
  return (target, signal) => {
    if (!isSearch(new URL(target.address, 'http://site'))) return render(target, signal);
    return turns(() => {
      signal.throwIfAborted();
      return render(target, signal);
    });
  };
}
