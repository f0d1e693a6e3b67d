import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import { hashToken } from '@remediation/security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/run.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.destroy());

const cli = async (...argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, {
    env: { DATABASE_URL: t.url },
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return {
    code,
    out: out.join('\n'),
    err: err.join('\n'),
    json: () => JSON.parse(out.join('\n')) as Record<string, string>,
  };
};

describe('remediate admin', () => {
  it('when an org, a repository and tokens are created with --json, then each prints one JSON object and the rows exist', async () => {
    const org = await cli('admin', 'create-org', 'acme', '--tier', 'enterprise', '--json');
    expect(org.code).toBe(0);
    expect(org.json()).toMatchObject({ id: expect.any(String), slug: 'acme', tier: 'enterprise' });

    const repo = await cli(
      'admin',
      'create-repo',
      '--org',
      'acme',
      '--name',
      'acme/web',
      '--clone-url',
      'https://github.com/acme/web.git',
      '--json',
    );
    expect(repo.code).toBe(0);
    const repoId = repo.json()['id']!;
    expect(repo.json()).toMatchObject({ provider: 'github', name: 'acme/web' });

    const token = await cli(
      'admin',
      'create-token',
      '--org',
      'acme',
      '--name',
      'ci',
      '--repo',
      repoId,
      '--json',
    );
    expect(token.code).toBe(0);
    const { token: value, id } = token.json();
    expect(value).toMatch(/^rmd_/);
    const row = await t.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ scope: 'repository', repository_id: repoId, revoked_at: null });
    expect(row.token_hash.equals(hashToken(value!))).toBe(true);

    const revoked = await cli('admin', 'revoke-token', id!, '--json');
    expect(revoked.code).toBe(0);
    expect(revoked.json()).toMatchObject({ id, revoked_at: expect.any(String) });
    const again = await cli('admin', 'revoke-token', id!, '--json');
    expect(again.json()['revoked_at']).toBe(revoked.json()['revoked_at']);
  });

  it('when printing for people, then create-repo prints only the id and create-token only the token on stdout', async () => {
    await cli('admin', 'create-org', 'plain');
    const repo = await cli(
      'admin',
      'create-repo',
      '--org',
      'plain',
      '--name',
      'plain/api',
      '--clone-url',
      '/srv/git/api.git',
    );
    expect(repo.out).toMatch(/^[0-9a-f-]{36}$/);
    const token = await cli('admin', 'create-token', '--org', 'plain', '--name', 'ops');
    expect(token.out).toMatch(/^rmd_[0-9A-Za-z]{38}$/);
    expect(token.err).toMatch(/shown once/);
  });

  it('when inputs are wrong, then usage errors exit 2 and failures exit 1, with a message and nothing written', async () => {
    const cases: [string[], number, RegExp][] = [
      [['admin', 'create-org', 'Bad Slug!'], 2, /slug/],
      [['admin', 'create-org', 'x', '--tier', 'gold'], 2, /--tier/],
      [['admin', 'create-org', 'acme'], 1, /already exists/],
      [
        [
          'admin',
          'create-repo',
          '--org',
          'acme',
          '--name',
          'noslash',
          '--clone-url',
          'https://x.test/a.git',
        ],
        2,
        /owner\/name/,
      ],
      [
        [
          'admin',
          'create-repo',
          '--org',
          'acme',
          '--name',
          'a/b',
          '--clone-url',
          'https://u:p@x.test/a.git',
        ],
        2,
        /credentials/,
      ],
      [
        [
          'admin',
          'create-repo',
          '--org',
          'ghost',
          '--name',
          'a/b',
          '--clone-url',
          'https://x.test/a.git',
        ],
        1,
        /does not exist/,
      ],
      [
        [
          'admin',
          'create-token',
          '--org',
          'acme',
          '--name',
          'x',
          '--repo',
          '00000000-0000-7000-8000-000000000000',
        ],
        1,
        /does not exist/,
      ],
      [['admin', 'create-token', '--org', 'acme'], 2, /--name/],
      [['admin', 'revoke-token', 'nope'], 1, /does not exist/],
      [['admin', 'create-org', 'x', '--bogus'], 2, /bogus/],
      [['admin', 'create-org', 'x', '--org', 'y'], 2, /does not apply/],
      [['admin', 'frobnicate'], 2, /unknown command/],
      [['upload'], 2, /upload needs the SARIF file/],
      [['upload', 'a.sarif', '--repo', 'r', '--tier', 'x'], 2, /--tier does not apply to 'upload'/],
      [['frobnicate'], 2, /unknown command/],
    ];
    const before = await t.db.selectFrom('organizations').select('id').execute();
    for (const [argv, code, message] of cases) {
      const res = await cli(...argv);
      expect(res.code, argv.join(' ')).toBe(code);
      expect(res.err, argv.join(' ')).toMatch(message);
    }
    expect(await t.db.selectFrom('organizations').select('id').execute()).toHaveLength(
      before.length,
    );
  });
});

describe('the built remediate binary', () => {
  it('when run as a process with DATABASE_URL, then it creates an org and prints JSON', async () => {
    const bin = fileURLToPath(new URL('../dist/main.js', import.meta.url));
    if (!existsSync(bin)) throw new Error('packages/cli is not built: run `pnpm build` first');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [bin, 'admin', 'create-org', 'spawned', '--json'],
      {
        env: { ...process.env, DATABASE_URL: t.url },
      },
    );
    expect(JSON.parse(stdout)).toMatchObject({ slug: 'spawned', tier: 'standard' });
  });
});
