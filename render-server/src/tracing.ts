import {
  INVALID_SPAN_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type Attributes,
  type Span,
} from '@opentelemetry/api';

/**
 * The render server's spans. Without `OTEL_EXPORTER_OTLP_ENDPOINT` no SDK is loaded (`tracing-sdk.ts`)
 * and no span is even started: the API's no-op spans and contexts would still cost each request.
 */
export const tracer = trace.getTracer('blog-render-server');

let tracing = false;

/** Spans are started from now on (the SDK is registered). */
export function startSpans() {
  tracing = true;
}

/** Whether spans are started. */
export const isTracing = () => tracing;

/** What the work of an untraced request is given for its span. */
const NO_SPAN = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/** Whether spans are exported: the standard variables name where to. */
export const tracingAsked = (env: NodeJS.ProcessEnv) =>
  Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);

/** Runs `work` in a span of its own, a child of the one it runs in; a failure is the span's error. */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  if (!tracing) return work(NO_SPAN);
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The headers that carry the current span's context (W3C `traceparent`) to another server. */
export function traceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!tracing) return headers;
  propagation.inject(context.active(), headers);
  return headers;
}
