// The OpenTelemetry SDK the CMS traces with, loaded by src/lib/tracing.ts only when traces are
// asked for (docs/operating/observability.md, "The CMS's traces").
import { traceProtocolOf } from '@blog/server-kit';
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { KnexInstrumentation } from '@opentelemetry/instrumentation-knex';
import { NodeSDK } from '@opentelemetry/sdk-node';

const SERVICE_NAME = 'blog-cms';

/** The OTLP exporter for the protocol the standard variables ask for (http/protobuf when unset, as the spec says). */
export function traceExporterFor(env: NodeJS.ProcessEnv) {
  return traceProtocolOf(env, 'the CMS') === 'http/json' ? new JsonTraceExporter() : new ProtobufTraceExporter();
}

/** Starts the SDK: traces only, since the CMS's metrics are Prometheus's (src/lib/metrics.ts) and its logs winston's. */
export function startTraceSdk(env: NodeJS.ProcessEnv): NodeSDK {
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({
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
  return sdk;
}
