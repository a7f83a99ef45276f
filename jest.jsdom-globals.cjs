// What jsdom lacks: the encoders that React Router and React's server renderer for browsers use,
// and IntersectionObserver. jsdom lays nothing out, so every element observed counts as in view;
// a test about what waits out of view replaces it.
const util = require('node:util');

globalThis.TextEncoder ??= util.TextEncoder;
globalThis.TextDecoder ??= util.TextDecoder;

globalThis.IntersectionObserver ??= class InViewObserver {
  constructor(callback) {
    this.callback = callback;
    this.observed = new Set();
  }
  observe(element) {
    this.observed.add(element);
    queueMicrotask(() => {
      if (this.observed.has(element)) this.callback([{ target: element, isIntersecting: true }], this);
    });
  }
  unobserve(element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  takeRecords() {
    return [];
  }
};
