// The ceiling: one process signing (HMAC-SHA256 of the body) and POSTing the same kind of body
// to the fast receivers over keep-alive HTTPS, `concurrency` requests in flight, 4 sockets per
// receiver (the dispatcher's default per-endpoint limit). No database, no queue, no records.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';

export const bareLoop = async ({ ports, total, secret, ca, concurrency }) => {
  const agent = new Agent({ keepAlive: true, maxSockets: 4, ca: readFileSync(ca) });
  const body = Buffer.from(
    JSON.stringify({
      id: '01a1fbaf-0000-7000-8000-000000000001',
      type: 'scan.completed',
      created_at: new Date().toISOString(),
      organization: 'bench',
      repository: 'a/b',
      data: {
        scan_id: '01a1fbaf-0000-7000-8000-000000000002',
        state: 'completed',
        findings_count: 3,
        fixes_generated: 1,
        duration_ms: 1200,
        tools: ['CodeQL'],
      },
    }),
  );
  let next = 0;
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const port = ports[next++ % ports.length];
      await new Promise((resolve, reject) => {
        const req = request(
          {
            host: 'localhost',
            port,
            path: '/',
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': body.length,
              'x-service-signature': createHmac('sha256', secret).update(body).digest('hex'),
            },
          },
          (res) => {
            res.resume();
            res.on('end', resolve);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  agent.destroy();
  return { rate: total / seconds, cpuMicrosPerPost: (cpu.user + cpu.system) / total };
};
