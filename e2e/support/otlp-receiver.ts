import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as an OTLP/JSON export names it, with the service that sent it. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, unknown>;
}

export interface OtlpReceiver {
  /** Its base address, for `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  url: string;
  /** Every span received so far. */
  spans(): ReceivedSpan[];
  close(): Promise<void>;
}

interface KeyValue {
  key: string;
  value: Record<string, unknown>;
}

/** OTLP/JSON's attribute values: one field of `stringValue`, `intValue`, `boolValue`, `doubleValue`. */
const attributesOf = (list: KeyValue[] | undefined): Record<string, unknown> =>
  Object.fromEntries((list ?? []).map(({ key, value }) => [key, Object.values(value)[0]]));

interface ExportRequest {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string; attributes?: KeyValue[] }[];
    }[];
  }[];
}

/** The spans of one OTLP/JSON export request. */
export function spansOf(body: ExportRequest): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap(({ resource, scopeSpans }) => {
    const name = attributesOf(resource?.attributes)['service.name'];
    const service = typeof name === 'string' ? name : '';
    return (scopeSpans ?? []).flatMap(({ spans }) =>
      (spans ?? []).map(({ traceId, spanId, parentSpanId, name, attributes }) => ({
        service,
        traceId,
        spanId,
        parentSpanId: parentSpanId ?? '',
        name,
        attributes: attributesOf(attributes),
      })),
    );
  });
}

/**
 * A trace collector of the test's own: takes OTLP over HTTP in its JSON encoding (`http/json`) on
 * `/v1/traces`, as a collector does, and keeps the spans for the test to read.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const json = String(req.headers['content-type'] ?? '').startsWith('application/json');
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !json) {
        res.writeHead(req.url === '/v1/traces' ? 415 : 404).end();
        return;
      }
      received.push(...spansOf(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ExportRequest));
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans: () => [...received],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
