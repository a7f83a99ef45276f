/** The OTLP protocols the site's servers export their spans over. */
export type TraceProtocol = 'http/json' | 'http/protobuf';

/**
 * The protocol the standard variables ask for: `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL`, else
 * `OTEL_EXPORTER_OTLP_PROTOCOL`, else OTLP's own default (`http/protobuf`); gRPC is refused, naming the variable.
 */
export function traceProtocolOf(env: NodeJS.ProcessEnv, server: string): TraceProtocol {
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || 'http/protobuf';
  if (protocol === 'http/json' || protocol === 'http/protobuf') return protocol;
  throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL=${protocol}: ${server} exports over http/json or http/protobuf.`);
}
