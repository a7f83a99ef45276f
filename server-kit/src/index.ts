export { RENDER_SERVER_TOKEN_HEADER, clientOf } from './client-address';
export { logFormatOf, type LogFormat } from './log-format';
export { fileCacheControl } from './file-caching';
export * as setting from './settings';
export { serveMetrics, type MetricsSource } from './metrics-server';
export { refusedForMs, retryAfterSeconds } from './refusals';
export { traceProtocolOf, type TraceProtocol } from './trace-protocol';
export { answers, untilReady, type Starting } from './until-ready';
