import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof window !== 'undefined') {
  // jsdom lays nothing out, so it cannot scroll: the views' scrolling is the browser tests' concern.
  window.scrollTo = jest.fn();
  Element.prototype.scrollIntoView = jest.fn();
  // React's server renderer, run here to make the HTML a test hydrates, needs what Node and browsers have.
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}
