import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: IncomingMessage['headers'];
  /** Parsed JSON body (undefined when there was none). */
  body: unknown;
  rawBody: Buffer;
}

export interface StandInResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Default `application/json`; a Buffer or string body is sent as it is. */
  contentType?: string;
}

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** A local HTTP server on 127.0.0.1 answering through `handle`; closed by `close()`. */
export const startHttpStandIn = async (
  handle: (req: StandInRequest) => Promise<StandInResponse> | StandInResponse,
): Promise<{ origin: string; close: () => Promise<void>; server: Server }> => {
  const server = createServer((req, res) => {
    void (async () => {
      const rawBody = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const query: Record<string, string | string[]> = {};
      for (const key of new Set(url.searchParams.keys())) {
        const all = url.searchParams.getAll(key);
        query[key] = all.length === 1 ? all[0]! : all;
      }
      let body: unknown;
      let answer: StandInResponse;
      try {
        body = rawBody.length > 0 ? JSON.parse(rawBody.toString('utf8')) : undefined;
        answer = await handle({
          method: req.method ?? 'GET',
          path: url.pathname,
          query,
          headers: req.headers,
          body,
          rawBody,
        });
      } catch (err) {
        answer = {
          status: 500,
          body: { message: err instanceof Error ? err.message : String(err) },
        };
      }
      const payload =
        answer.body === undefined
          ? ''
          : Buffer.isBuffer(answer.body) || typeof answer.body === 'string'
            ? answer.body
            : JSON.stringify(answer.body);
      res.writeHead(answer.status, {
        ...(answer.body === undefined
          ? {}
          : { 'content-type': answer.contentType ?? 'application/json; charset=utf-8' }),
        ...answer.headers,
      });
      res.end(payload);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
};
