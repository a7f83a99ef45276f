import { renderToStaticMarkup } from 'react-dom/server';

/**
 * A text as React writes it into a page's HTML, to find it in a rendered page: React's own
 * escaping (`'` as `&#x27;`, where escape-html writes `&#39;`).
 */
export const asReactWrites = (text: string) => renderToStaticMarkup(text);
