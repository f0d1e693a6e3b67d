export interface ScanBody {
  scan_id: string;
  state: string;
  findings_count: number;
  fixes_generated: number;
  tools: string[];
  commit_sha: string | null;
  ref: string | null;
  error: string | null;
  warnings: { path: string; message: string; action: 'dropped' | 'marked' | 'ignored' }[];
  warnings_count: number;
}

export interface ErrorBody {
  error: { code: string; message: string; problems?: { path: string; message: string }[] };
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** Minimal client for the e2e tests: Node's fetch against the running gateway. */
export const api = (url: string, token: string) => {
  const call = async <T = unknown>(
    method: string,
    path: string,
    body?: Buffer,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> => {
    const res = await fetch(`${url}/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...headers },
      ...(body ? { body } : {}),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: (text ? JSON.parse(text) : null) as T,
    };
  };
  return {
    call,
    upload: (repoId: string, body: Buffer, headers: Record<string, string> = {}, query = '') =>
      call<{ scan_id: string; state: string } & Partial<ErrorBody>>(
        'POST',
        `/repositories/${repoId}/sarif${query}`,
        body,
        { 'Content-Type': 'application/json', ...headers },
      ),
    waitForScan: async (repoId: string, scanId: string, timeoutMs = 60_000): Promise<ScanBody> => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const res = await call<ScanBody>('GET', `/repositories/${repoId}/scans/${scanId}`);
        if (res.status !== 200) throw new Error(`scan ${scanId}: ${res.status}`);
        if (res.body.state === 'completed' || res.body.state === 'failed') return res.body;
        if (Date.now() > deadline) throw new Error(`scan ${scanId} still ${res.body.state}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
};
