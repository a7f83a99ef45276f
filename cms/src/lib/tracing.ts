// The CMS's traces (docs/operating/observability.md, "The CMS's traces"), started by
// src/tracing.ts before Strapi loads.
import { traceProtocolOf } from '@blog/server-kit';
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { KnexInstrumentation } from '@opentelemetry/instrumentation-knex';
import { NodeSDK } from '@opentelemetry/sdk-node';

export const SERVICE_NAME = 'blog-cms';

/** The OTLP exporter for the protocol the standard variables ask for (http/protobuf when unset, as the spec says). */
export function traceExporterFor(env: NodeJS.ProcessEnv) {
  return traceProtocolOf(env, 'the CMS') === 'http/json' ? new JsonTraceExporter() : new ProtobufTraceExporter();
}

let sdk: NodeSDK | undefined;

/** Starts the SDK when OTEL_EXPORTER_OTLP_ENDPOINT is set; without it nothing is exported and nothing slows. */
export function startTracing(env: NodeJS.ProcessEnv): void {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  // The CMS's metrics are Prometheus's (src/lib/metrics.ts) and its logs winston's: traces only.
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  sdk = new NodeSDK({
    serviceName: SERVICE_NAME,
    traceExporter: traceExporterFor(env),
    instrumentations: [
      // Health checks would be most of the spans and say nothing.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => request.url === '/_health' }),
      // Queries within a request only: the schema sync and the seed at start are not a trace.
      new KnexInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
}

/** Sends the spans still in the batch, as the CMS shuts down. */
export async function stopTracing(): Promise<void> {
  await sdk?.shutdown();
  sdk = undefined;
}
