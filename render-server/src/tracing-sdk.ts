import { traceProtocolOf } from '@blog/server-kit';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { startSpans } from './tracing';

/** The name the render server's spans carry (the CMS's is `blog-cms`). */
export const SERVICE_NAME = 'blog-render-server';

/** The exporter for the protocol the standard variables ask for (OTLP's own default: `http/protobuf`). */
async function exporterFor(env: NodeJS.ProcessEnv) {
  // Each reads the endpoint, headers and timeout from the standard variables itself.
  return traceProtocolOf(env, 'the render server') === 'http/json'
    ? new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter()
    : new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
}

/**
 * Exports the render server's spans over OTLP, and takes and passes on W3C `traceparent`. Loaded
 * only when an endpoint is set. Returns what sends the spans still held and stops.
 */
export async function startTracing(env: NodeJS.ProcessEnv): Promise<() => Promise<void>> {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': SERVICE_NAME }),
    spanProcessors: [
      // Sent in batches, every 5 s unless the standard variable says otherwise.
      new BatchSpanProcessor({
        exporter: await exporterFor(env),
        scheduledDelayMillis: Number(env.OTEL_BSP_SCHEDULE_DELAY) || undefined,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  startSpans();
  return () => provider.shutdown();
}
