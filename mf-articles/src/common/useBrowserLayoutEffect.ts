import { useEffect, useLayoutEffect } from 'react';

/**
 * `useLayoutEffect` in the browser (before paint: no flash of the old scroll position or term).
 * On the server no effect runs at all, and React warns about layout effects there.
 */
export const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;
