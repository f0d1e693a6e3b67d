import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname } from 'node:path';

export interface HttpGitServer {
  /** `http://127.0.0.1:<port>/<name>.git` */
  url: string;
  /** Every request: method, path, and whether its credentials were right. */
  requests: { method: string; path: string; authorized: boolean; authorization: string }[];
  /** While set, upload-pack requests wait for it before they are served. */
  gate: Promise<void> | null;
  close: () => Promise<void>;
}

const respond = (res: ServerResponse, status: number, headers: Record<string, string> = {}) => {
  res.writeHead(status, headers);
  res.end();
};

/** Runs `git http-backend` as a CGI for one request and relays its answer. */
const cgi = (root: string, req: IncomingMessage, res: ServerResponse, user: string) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const child = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.replace(/^\?/, ''),
      REQUEST_METHOD: req.method ?? 'GET',
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      REMOTE_USER: user,
      REMOTE_ADDR: '127.0.0.1',
      GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
      HTTP_CONTENT_ENCODING: String(req.headers['content-encoding'] ?? ''),
    },
  });
  req.pipe(child.stdin);
  let head = Buffer.alloc(0);
  let headersDone = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (headersDone) {
      res.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end === -1) return;
    headersDone = true;
    let status = 200;
    const headers: Record<string, string> = {};
    for (const line of head.subarray(0, end).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
      else headers[name] = value;
    }
    res.writeHead(status, headers);
    res.write(head.subarray(end + 4));
  });
  child.on('close', () => {
    if (!headersDone) respond(res, 500);
    else res.end();
  });
};

/**
 * Serves the bare repository `bare` over smart HTTP (git http-backend) on 127.0.0.1, asking
 * for HTTP Basic credentials `username:password` on every request.
 */
export const startHttpGitServer = async (
  bare: string,
  username: string,
  password: string,
): Promise<HttpGitServer> => {
  const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const state: HttpGitServer = {
    url: '',
    requests: [],
    gate: null,
    close: () => Promise.resolve(),
  };
  const server: Server = createServer((req, res) => {
    const authorization = req.headers.authorization ?? '';
    const authorized = authorization === expected;
    state.requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      authorized,
      authorization,
    });
    if (!authorized) {
      respond(res, 401, { 'WWW-Authenticate': 'Basic realm="git"' });
      return;
    }
    const gate = (req.url ?? '').includes('git-upload-pack') ? state.gate : null;
    void (gate ?? Promise.resolve()).then(() => cgi(dirname(bare), req, res, username));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}/${basename(bare)}`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
};
