import { useEffect, useState, type RefObject } from 'react';

/** How near the viewport a part counts as wanted: a screen's scroll ahead of the reader. */
const NEAR_VIEWPORT = '100% 0px';

/** Calls `near` once `element` comes within a screen of the viewport; gives the function that stops watching. */
export function onNearViewport(element: Element, near: () => void, win: Window & typeof globalThis = window) {
  const observer = new win.IntersectionObserver(
    (entries) => {
      if (entries.some(({ isIntersecting }) => isIntersecting)) near();
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/** Whether the element has come near the viewport since the page came to life (false on the server and at hydration). */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    return onNearViewport(element, () => setNear(true));
  }, [ref, near]);
  return near;
}
