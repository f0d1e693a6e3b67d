import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSarif } from '../../../test/e2e/generate.js';
import { createSarifInspector, type SarifInspector } from '../src/scans/sarif-inspector.js';
import { createHarness, createTenant, expectError, type Harness } from './harness.js';

const CORPUS = new URL('../../../../shared/sarif-corpus/', import.meta.url);
const corpus = (name: string) => readFileSync(new URL(name, CORPUS));
const identity = (body: unknown) => body as string;

const LARGE = { sarifMaxBytes: 64 * 1024 * 1024, sarifMaxDecodedBytes: 256 * 1024 * 1024 };

let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { limits: { maxRuns: 2, maxResultsPerRun: 3 } });
});
afterAll(async () => h?.close());

const upload = (app: Harness['app'], repoId: string, auth: string, body: Buffer | string) =>
  request(app)
    .post(`/v1/repositories/${repoId}/sarif`)
    .set('Authorization', auth)
    .set('Content-Type', 'application/json')
    .serialize(identity)
    .send(body);

const scans = async (repoId: string) =>
  h.db.selectFrom('scans').selectAll().where('repository_id', '=', repoId).execute();

const run = (results: number) => ({
  tool: { driver: { name: 'x' } },
  results: Array.from({ length: results }, (_, i) => ({
    ruleId: 'r',
    message: { text: 'm' },
    locations: [
      { physicalLocation: { artifactLocation: { uri: 'a.js' }, region: { startLine: i + 1 } } },
    ],
  })),
});

describe('SARIF upload validation', () => {
  it('when a document has more runs or more results per run than the limits, then 413 and nothing is stored', async () => {
    const { repo, auth } = await createTenant(h.db);
    const runs = await upload(
      h.app,
      repo.id,
      auth,
      JSON.stringify({ version: '2.1.0', runs: [run(1), run(1), run(1)] }),
    );
    expect(expectError(runs, 413, 'payload_too_large').message).toMatch(/3 runs; at most 2/);
    const results = await upload(
      h.app,
      repo.id,
      auth,
      JSON.stringify({ version: '2.1.0', runs: [run(4)] }),
    );
    expect(expectError(results, 413, 'payload_too_large').message).toMatch(
      /run 0 has 4 results; at most 3/,
    );
    expect(await scans(repo.id)).toHaveLength(0);
  });

  it('when a document breaks the schema in optional places, then it is accepted, the repairs counted and listed on the scan', async () => {
    const { repo, auth } = await createTenant(h.db);
    const gosec = {
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: 'gosec' } },
          results: Array.from({ length: 3 }, (_, i) => ({
            ruleId: 'G304',
            message: { text: 'Potential file inclusion via variable' },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: 'main.go' },
                  region: { startLine: 10 + i },
                },
              },
            ],
            fixes: [{ artifactChanges: null, description: { markdown: 'Use filepath.Clean' } }],
          })),
        },
      ],
    };
    const res = await upload(h.app, repo.id, auth, JSON.stringify(gosec));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ state: 'queued', warnings_count: 3 });
    const scan = await request(h.app)
      .get(`/v1/repositories/${repo.id}/scans/${(res.body as { scan_id: string }).scan_id}`)
      .set('Authorization', auth);
    expect(scan.body).toMatchObject({ warnings_count: 3 });
    expect((scan.body as { warnings: unknown[] }).warnings).toEqual(
      [0, 1, 2].map((i) => ({
        path: `/runs/0/results/${i}/fixes/0`,
        message: '/description must have `text` or `id`; dropped',
        action: 'dropped',
      })),
    );
  });

  it('when the repository asks for strict validation, then any schema violation is refused with capped problems and nothing is stored', async () => {
    const { repo, auth } = await createTenant(h.db);
    const patched = await request(h.app)
      .patch(`/v1/repositories/${repo.id}`)
      .set('Authorization', auth)
      .send({ settings: { sarif_validation: 'strict' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ settings: { sarif_validation: 'strict' } });
    const broken = {
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: 'x' } },
          results: Array.from({ length: 3 }, () => ({ ruleId: 7 })),
        },
      ],
    };
    const error = expectError(
      await upload(h.app, repo.id, auth, JSON.stringify(broken)),
      400,
      'invalid_sarif',
    );
    expect(error.problems).toEqual(
      expect.arrayContaining([
        { path: '/runs/0/results/0/ruleId', message: 'must be string' },
        { path: '/runs/0/results/2/message', message: 'is required' },
      ]),
    );
    const many = {
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: 'x' } },
          results: Array.from({ length: 3 }, () => ({
            message: { text: 'm' },
            ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`vendor${i}`, i])),
          })),
        },
      ],
    };
    const capped = expectError(
      await upload(h.app, repo.id, auth, JSON.stringify(many)),
      400,
      'invalid_sarif',
    );
    expect(capped.problems).toHaveLength(50);
    // Tolerant would have accepted the newlineSequences repeat; strict does not.
    const repeated = { version: '2.1.0', runs: [{ ...run(1), newlineSequences: ['\n', '\n'] }] };
    expect(
      expectError(
        await upload(h.app, repo.id, auth, JSON.stringify(repeated)),
        400,
        'invalid_sarif',
      ).problems,
    ).toEqual([{ path: '/runs/0/newlineSequences', message: expect.stringMatching(/duplicate/) }]);
    expect(await scans(repo.id)).toHaveLength(0);
  });

  it('when sarif_validation is set to an unknown mode, then 400 validation_failed names the field', async () => {
    const { repo, auth } = await createTenant(h.db);
    const res = await request(h.app)
      .patch(`/v1/repositories/${repo.id}`)
      .set('Authorization', auth)
      .send({ settings: { sarif_validation: 'lenient' } });
    const error = expectError(res, 400, 'validation_failed');
    expect(JSON.stringify(error)).toMatch(/sarif_validation/);
  });

  it('when a document cannot be processed, then it is refused in tolerant mode too', async () => {
    const { repo, auth } = await createTenant(h.db);
    const doc = { version: '2.1.0', runs: [run(1), { tool: { driver: { name: null } } }] };
    const error = expectError(
      await upload(h.app, repo.id, auth, JSON.stringify(doc)),
      400,
      'invalid_sarif',
    );
    expect(error.problems).toEqual([
      { path: '/runs/1/tool/driver/name', message: 'must be a string (the scanner name)' },
    ]);
    expect(await scans(repo.id)).toHaveLength(0);
  });

  it('when a document has repeated newlineSequences, then it is stored with the repair on the scan', async () => {
    const h2 = await createHarness();
    try {
      const { repo, auth } = await createTenant(h2.db);
      const res = await upload(h2.app, repo.id, auth, corpus('lgtm__dd_defectdojo_export.sarif'));
      expect(res.status).toBe(202);
      const scan = await request(h2.app)
        .get(`/v1/repositories/${repo.id}/scans/${(res.body as { scan_id: string }).scan_id}`)
        .set('Authorization', auth);
      expect(scan.body).toMatchObject({
        warnings: [
          {
            path: '/runs/0/newlineSequences',
            message: expect.stringMatching(/duplicate/) as string,
            action: 'dropped',
          },
        ],
        warnings_count: 1,
      });
    } finally {
      await h2.close();
    }
  });

  it('while a large document is being validated, other requests are answered (validation runs off the event loop)', async () => {
    const h2 = await createHarness(LARGE);
    try {
      const { repo, auth } = await createTenant(h2.db, { unlimited: true });
      const real = createSarifInspector({
        limits: { maxRuns: 20, maxResultsPerRun: 25_000 },
        threads: 1,
        heapMb: 1024,
      });
      let validating: (() => void) | undefined;
      const started = new Promise<void>((r) => (validating = r));
      let validated = false;
      const watched: SarifInspector = {
        inspect: async (body, mode) => {
          validating!();
          const result = await real.inspect(body, mode);
          validated = true;
          return result;
        },
        close: () => real.close(),
      };
      const app = h2.makeApp({}, { sarifInspector: watched });
      const body = JSON.stringify(generateSarif({ results: 25_000, codeFlows: true }));
      const uploading = upload(app, repo.id, auth, body).then((r) => r);
      await started;
      const other = await request(app)
        .get(`/v1/repositories/${repo.id}`)
        .set('Authorization', auth);
      expect(other.status).toBe(200);
      // Answered while the 36 MB document was still being parsed and validated.
      expect(validated).toBe(false);
      expect((await uploading).status).toBe(202);
      await real.close();
    } finally {
      await h2.close();
    }
  });

  it('when a document needs more memory than the validation heap, then 413 and the gateway keeps serving', async () => {
    const h2 = await createHarness(LARGE, { heapMb: 48, threads: 1 });
    try {
      const { repo, auth } = await createTenant(h2.db, { unlimited: true });
      const body = JSON.stringify(generateSarif({ results: 25_000, codeFlows: true }));
      const res = await upload(h2.app, repo.id, auth, body);
      expect(expectError(res, 413, 'payload_too_large').message).toMatch(/48 MB validation heap/);
      const small = await upload(h2.app, repo.id, auth, corpus('codeql__cqa_valid-sarif.sarif'));
      expect(small.status).toBe(202);
    } finally {
      await h2.close();
    }
  });
});
