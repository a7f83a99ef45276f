// React's server renderer for browsers (what the jsdom tests resolve) encodes with TextEncoder, which jsdom lacks.
import { TextEncoder } from 'node:util';

globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder;
