// jsdom lacks the encoders that React Router and React's server renderer for browsers use.
const util = require('node:util');

globalThis.TextEncoder ??= util.TextEncoder;
globalThis.TextDecoder ??= util.TextDecoder;
