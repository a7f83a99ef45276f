import '@testing-library/jest-dom';

if (typeof window !== 'undefined') {
  // jsdom lays nothing out, so it cannot scroll: the views' scrolling is the browser tests' concern.
  window.scrollTo = jest.fn();
  Element.prototype.scrollIntoView = jest.fn();
}
