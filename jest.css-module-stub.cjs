// A CSS Module's class names in tests: each class is its own name, so tests can still find it.
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : key) });
