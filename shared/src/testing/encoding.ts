// React's server renderer for browsers, which jsdom tests resolve, encodes with TextEncoder; jsdom lacks it.
import { TextEncoder } from 'node:util';

globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder;
