import { Suspense, use, type ReactNode } from 'react';
import { onNearViewport } from './nearViewport';

/** How long a part below the fold waits for the browser to be idle before it wakes anyway. */
export const IDLE_TIMEOUT_MS = 2_000;

/** The events by which a reader reaches for a part before it has woken. */
const REACHES = ['pointerdown', 'focusin', 'keydown'] as const;

/**
 * Resolves once the part the server rendered at `element` is wanted: the browser is idle, the part
 * nears the viewport, or the reader reaches for it.
 */
export function whenWanted(element: Element, win: Window & typeof globalThis = window): Promise<void> {
  return new Promise((resolve) => {
    const idle = win.requestIdleCallback
      ? win.requestIdleCallback(wake, { timeout: IDLE_TIMEOUT_MS })
      : win.setTimeout(wake, IDLE_TIMEOUT_MS);
    const stopWatching = onNearViewport(element, wake, win);
    for (const event of REACHES) element.addEventListener(event, wake, { capture: true, once: true });

    function wake() {
      if (win.cancelIdleCallback) win.cancelIdleCallback(idle);
      else win.clearTimeout(idle);
      stopWatching();
      for (const event of REACHES) element.removeEventListener(event, wake, { capture: true });
      resolve();
    }
  });
}

/** Each part's wait, from its first render in this page on; `now` where the server rendered none. */
const waits = new Map<string, Promise<void> | 'now'>();

function Wanted({ id, children }: { id: string; children: ReactNode }) {
  if (typeof document === 'undefined') return children;
  let wait = waits.get(id);
  if (wait === undefined) {
    const rendered = document.getElementById(id);
    wait = rendered ? whenWanted(rendered) : 'now';
    waits.set(id, wait);
  }
  if (wait !== 'now') use(wait);
  return children;
}

/**
 * A part of the page that the browser brings to life only when it is wanted (`whenWanted`), so
 * that hydrating it does not hold up what the reader uses first. Until then it stays as the
 * server rendered it: readable, its links plain links. `id` is the id of the part's element.
 */
export function HydrateWhenWanted({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Wanted id={id}>{children}</Wanted>
    </Suspense>
  );
}
