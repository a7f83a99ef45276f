/**
 * The page cache's key of what is answered at `address` with `status`: kept per build of the
 * shell (`templateId`); the not-found page under a key of its own, never a page's, never a render
 * a page's readers join. The pages' route and the pre-renderer keep pages under the same keys.
 */
export const pageKey = (templateId: string, address: string, status = 200) =>
  `${templateId}:${status === 200 ? '' : `${status} `}${address}`;

/** The build of the shell whose page is kept at `key`. */
export const buildOfKey = (key: string) => key.slice(0, key.indexOf(':'));

/** The address whose page is kept at `key`, with its status when not 200 (`404 /…`). */
export const addressOfKey = (key: string) => key.slice(key.indexOf(':') + 1);
