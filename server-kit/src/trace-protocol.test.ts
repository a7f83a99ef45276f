import { traceProtocolOf } from './trace-protocol';

describe('the protocol spans are exported over', () => {
  it('is the traces’ own setting, else the general one, else http/protobuf', () => {
    expect(traceProtocolOf({}, 'the CMS')).toBe('http/protobuf');
    expect(traceProtocolOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }, 'the CMS')).toBe('http/json');
    expect(
      traceProtocolOf(
        { OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' },
        'the CMS',
      ),
    ).toBe('http/protobuf');
  });

  it('refuses gRPC in one line that names the server and what it takes', () => {
    expect(() => traceProtocolOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, 'the render server')).toThrow(
      'OTEL_EXPORTER_OTLP_PROTOCOL=grpc: the render server exports over http/json or http/protobuf.',
    );
  });
});
