/** React Router's v7 behaviours, adopted now by every router of the site (and its tests). */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
