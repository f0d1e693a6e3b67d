import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as exported, flattened with the service that exported it. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  statusCode: number;
}

interface AnyValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface KeyValue {
  key: string;
  value: AnyValue;
}
interface ExportTraceServiceRequest {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: KeyValue[];
        status?: { code?: number };
      }[];
    }[];
  }[];
}

const valueOf = (v: AnyValue): unknown =>
  v.stringValue ?? v.intValue ?? v.boolValue ?? v.doubleValue;
const attributes = (list: KeyValue[] | undefined) =>
  Object.fromEntries((list ?? []).map((kv) => [kv.key, valueOf(kv.value)]));
/** OTLP/JSON ids are hex; base64 (the protobuf JSON mapping) is accepted too. */
const hexId = (id: string | undefined): string | undefined =>
  id === undefined || id === ''
    ? undefined
    : /^[0-9a-f]+$/i.test(id)
      ? id.toLowerCase()
      : Buffer.from(id, 'base64').toString('hex');

/**
 * A local OTLP/HTTP receiver (what an OpenTelemetry collector listens on): records every span
 * the services export to `/v1/traces` as JSON (the encoding `@opentelemetry/exporter-trace-otlp-http`
 * sends) and answers the other signals with 200.
 */
export const startOtlpReceiver = async () => {
  const spans: ReceivedSpan[] = [];
  const problems: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        if (!/json/.test(req.headers['content-type'] ?? '')) {
          problems.push(`unexpected content-type ${req.headers['content-type']}`);
        } else {
          const body = JSON.parse(
            Buffer.concat(chunks).toString('utf8'),
          ) as ExportTraceServiceRequest;
          for (const rs of body.resourceSpans ?? []) {
            const service = String(attributes(rs.resource?.attributes)['service.name']);
            for (const ss of rs.scopeSpans ?? [])
              for (const s of ss.spans ?? [])
                spans.push({
                  service,
                  traceId: hexId(s.traceId)!,
                  spanId: hexId(s.spanId)!,
                  parentSpanId: hexId(s.parentSpanId),
                  name: s.name,
                  kind: s.kind,
                  attributes: attributes(s.attributes),
                  statusCode: s.status?.code ?? 0,
                });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    problems,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
