import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedFinding } from '../../../test/e2e/support/tenant.js';
import { createHarness, type Harness } from './harness.js';

// A finding resting on its rule's reputation (a parameter the file's callers are not followed
// for, a rule of medium precision): its confidence is the low rate of real ones among such
// code-injection findings, so the verdict is uncertain.
const FILES = `const vm = require('vm');
function run(expr) {
  return eval(expr);
}
module.exports = { run };
`;

/** A local endpoint speaking the OpenAI chat completions protocol, recording what it was sent. */
const fakeModel = async (
  answer: (body: { model: string; messages: { role: string; content: string }[] }) => unknown,
) => {
  const seen: {
    auth: string | undefined;
    body: { model: string; messages: { role: string; content: string }[] };
  }[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => resolve(data));
    });
  const server: Server = createServer((req, res) => {
    void read(req).then((raw) => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as (typeof seen)[number]['body'];
      seen.push({ auth: req.headers.authorization, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          model: body.model,
          choices: [
            {
              index: 0,
              finish_reason: 'stop',
              message: { role: 'assistant', content: JSON.stringify(answer(body)) },
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

const uncertain: SeedFinding = {
  ruleId: 'javascript.browser.security.eval-detected.eval-detected',
  tool: 'Semgrep OSS',
  uri: 'src/files.js',
  startLine: 3,
  startColumn: 10,
  endLine: 3,
  endColumn: 20,
  level: 'warning',
  severity: 'medium',
  message:
    'Detected the use of eval(). eval() can be dangerous if used to evaluate dynamic content.',
};

let h: Harness;
let model: Awaited<ReturnType<typeof fakeModel>>;
beforeAll(async () => {
  h = await createHarness({ 'src/files.js': FILES });
  model = await fakeModel(() => ({
    classification: 'FALSE_POSITIVE',
    confidence: 0.8,
    reasoning: 'expr is a constant expression at every call site',
  }));
  h.startTriager({
    TRIAGE_LLM_URL: model.url,
    TRIAGE_LLM_MODEL: 'test-model-1',
    TRIAGE_LLM_API_KEY: 'sk-test-secret',
  });
});
afterAll(async () => {
  await h?.close();
  await model?.close();
});

describe('the optional LLM second opinion', () => {
  it('when a verdict is uncertain, then the model is asked, its answer is recorded as evidence with the model name and the verdict is marked ai-generated', async () => {
    const { scanId } = await h.submit([uncertain], { settings: { auto_fix: false } });
    await h.waitForScan(scanId);
    const [row] = await h.db
      .selectFrom('triage_results')
      .selectAll()
      .where('scan_id', '=', scanId)
      .execute();
    expect(model.seen).toHaveLength(1);
    expect(model.seen[0]!.auth).toBe('Bearer sk-test-secret');
    expect(model.seen[0]!.body.model).toBe('test-model-1');
    expect(model.seen[0]!.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(model.seen[0]!.body.messages[1]!.content).toContain('eval(expr)');
    expect(row).toMatchObject({ provider: 'deterministic+llm:test-model-1', ai_generated: true });
    expect(JSON.stringify(row!.evidence)).toContain('test-model-1');
  });

  it('when a verdict is certain, then the model is not asked', async () => {
    const before = model.seen.length;
    const { scanId } = await h.submit([{ ...uncertain, uri: 'test/files.test.js' }], {
      settings: { auto_fix: false },
    });
    await h.waitForScan(scanId);
    expect(model.seen.length).toBe(before);
    const [row] = await h.db
      .selectFrom('triage_results')
      .selectAll()
      .where('scan_id', '=', scanId)
      .execute();
    expect(row).toMatchObject({ provider: 'deterministic', ai_generated: false });
  });
});
