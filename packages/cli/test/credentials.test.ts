import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import { createSecretBox } from '@remediation/security';
import { loadRepositoryCredentials } from '@remediation/source-access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/run.js';

const KEY = randomBytes(32);
const TOKEN = 'ghp_cliTOKENthatMustNeverBePrinted0001';
let t: TestDatabase;
let repoId: string;
let dir: string;

const cli = async (argv: string[], options: { stdin?: string; key?: string | null } = {}) => {
  const out: string[] = [];
  const err: string[] = [];
  const env: Record<string, string> = { DATABASE_URL: t.url };
  if (options.key !== null) env['SECRETS_ENCRYPTION_KEY'] = options.key ?? KEY.toString('base64');
  const code = await run(argv, {
    env,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    ...(options.stdin === undefined ? {} : { stdin: () => Promise.resolve(options.stdin!) }),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
};

beforeAll(async () => {
  t = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'cli-credentials-'));
  await cli(['admin', 'create-org', 'credco']);
  const repo = await cli([
    'admin',
    'create-repo',
    '--org',
    'credco',
    '--name',
    'credco/app',
    '--clone-url',
    'https://github.com/credco/app.git',
  ]);
  repoId = repo.out;
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.destroy();
});

describe('remediate admin set-credentials / clear-credentials', () => {
  it('when a token comes on standard input, then it is stored sealed, loads back, and is never printed', async () => {
    const set = await cli(
      ['admin', 'set-credentials', '--repo', repoId, '--token-stdin', '--json'],
      {
        stdin: `${TOKEN}\n`,
      },
    );
    expect(set.code).toBe(0);
    expect(JSON.parse(set.out)).toEqual({
      repository_id: repoId,
      kind: 'token',
      updated_at: expect.any(String),
    });
    expect(set.out + set.err).not.toContain(TOKEN);

    const row = await t.db
      .selectFrom('repository_credentials')
      .selectAll()
      .where('repository_id', '=', repoId)
      .executeTakeFirstOrThrow();
    expect(row.kind).toBe('token');
    expect(row.ciphertext.includes(Buffer.from(TOKEN))).toBe(false);
    expect(await loadRepositoryCredentials(t.db, createSecretBox(KEY), repoId)).toEqual({
      kind: 'token',
      token: TOKEN,
    });
  });

  it('when a username and password, or a GitHub App, are set, then they replace the earlier credentials', async () => {
    const basic = await cli(
      ['admin', 'set-credentials', '--repo', repoId, '--username', 'bot', '--password-stdin'],
      { stdin: 'pa55word\n' },
    );
    expect(basic).toMatchObject({
      code: 0,
      out: `basic credentials stored for repository ${repoId}`,
    });
    expect(await loadRepositoryCredentials(t.db, createSecretBox(KEY), repoId)).toEqual({
      kind: 'basic',
      username: 'bot',
      password: 'pa55word',
    });

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const keyFile = join(dir, 'app.pem');
    writeFileSync(keyFile, pem);
    const app = await cli([
      'admin',
      'set-credentials',
      '--repo',
      repoId,
      '--github-app-id',
      '123',
      '--installation-id',
      '456',
      '--private-key-file',
      keyFile,
      '--json',
    ]);
    expect(app.code).toBe(0);
    expect(JSON.parse(app.out)).toMatchObject({
      kind: 'github_app',
      app_id: '123',
      installation_id: '456',
    });
    expect(app.out).not.toContain('PRIVATE KEY');
    expect(await loadRepositoryCredentials(t.db, createSecretBox(KEY), repoId)).toMatchObject({
      kind: 'github_app',
      privateKey: pem,
    });
  });

  it('when inputs are wrong, then usage errors exit 2 and failures 1, nothing is stored and no secret is echoed', async () => {
    const notPem = join(dir, 'not.pem');
    writeFileSync(notPem, 'not a key');
    const cases: [string[], string | undefined, number, RegExp][] = [
      [['--repo', repoId], TOKEN, 2, /exactly one of/],
      [['--repo', repoId, '--token-stdin', '--github-app-id', '1'], TOKEN, 2, /exactly one of/],
      [['--repo', repoId, '--token-stdin'], '\n', 2, /no token/],
      [['--repo', repoId, '--token-stdin'], undefined, 2, /needs standard input/],
      [['--repo', repoId, '--password-stdin'], TOKEN, 2, /needs --username/],
      [['--repo', repoId, '--token-stdin', '--username', 'a:b'], TOKEN, 2, /--username/],
      [
        [
          '--repo',
          repoId,
          '--github-app-id',
          'x',
          '--installation-id',
          '1',
          '--private-key-file',
          notPem,
        ],
        undefined,
        2,
        /must be a number/,
      ],
      [
        [
          '--repo',
          repoId,
          '--github-app-id',
          '1',
          '--installation-id',
          '2',
          '--private-key-file',
          notPem,
        ],
        undefined,
        2,
        /not a PEM private key/,
      ],
      [
        [
          '--repo',
          repoId,
          '--github-app-id',
          '1',
          '--installation-id',
          '2',
          '--private-key-file',
          join(dir, 'missing.pem'),
        ],
        undefined,
        1,
        /ENOENT/,
      ],
      [['--token-stdin'], TOKEN, 2, /--repo/],
      [['--repo', 'nope', '--token-stdin'], TOKEN, 1, /does not exist/],
      [['--repo', repoId, '--token-stdin', '--org', 'credco'], TOKEN, 2, /does not apply/],
    ];
    for (const [args, stdin, code, message] of cases) {
      const r = await cli(
        ['admin', 'set-credentials', ...args],
        stdin === undefined ? {} : { stdin },
      );
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.err, args.join(' ')).toMatch(message);
      expect(r.out + r.err).not.toContain(TOKEN);
    }
    const noKey = await cli(['admin', 'set-credentials', '--repo', repoId, '--token-stdin'], {
      stdin: TOKEN,
      key: null,
    });
    expect(noKey.code).toBe(2);
    expect(noKey.err).toMatch(/SECRETS_ENCRYPTION_KEY/);
    const badKey = await cli(['admin', 'set-credentials', '--repo', repoId, '--token-stdin'], {
      stdin: TOKEN,
      key: 'short',
    });
    expect(badKey).toMatchObject({ code: 2, err: expect.stringMatching(/32 random bytes/) });
    // Still the GitHub App of the previous test.
    const row = await t.db
      .selectFrom('repository_credentials')
      .select('kind')
      .where('repository_id', '=', repoId)
      .executeTakeFirstOrThrow();
    expect(row.kind).toBe('github_app');
  });

  it('when credentials are cleared, then the row is gone and clearing again says there were none', async () => {
    const cleared = await cli(['admin', 'clear-credentials', '--repo', repoId, '--json']);
    expect(cleared.code).toBe(0);
    expect(JSON.parse(cleared.out)).toEqual({ repository_id: repoId, cleared: true });
    const again = await cli(['admin', 'clear-credentials', '--repo', repoId]);
    expect(again).toMatchObject({ code: 0, out: `repository ${repoId} had no credentials` });
    const rows = await t.db.selectFrom('repository_credentials').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
