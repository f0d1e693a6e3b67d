import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import { verifyPassword } from '@remediation/security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/run.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await run(['admin', 'create-org', 'people'], {
    env: { DATABASE_URL: t.url },
    out: () => {},
    err: () => {},
  });
});
afterAll(async () => t.destroy());

const cli = async (argv: string[], stdin?: string) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, {
    env: { DATABASE_URL: t.url },
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    ...(stdin !== undefined ? { stdin: () => Promise.resolve(stdin) } : {}),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
};

const userRow = (email: string) =>
  t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

describe('remediate admin create-user', () => {
  it('when no password is piped, then a one-time password is printed once, works, and must be changed', async () => {
    const r = await cli([
      'admin',
      'create-user',
      '--org',
      'people',
      '--email',
      'Ann@Example.com',
      '--role',
      'admin',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.out) as Record<string, string>;
    expect(printed).toMatchObject({
      email: 'ann@example.com',
      role: 'admin',
      organization: 'people',
    });
    const row = await userRow('ann@example.com');
    expect(row.password_must_change).toBe(true);
    expect(await verifyPassword(printed['one_time_password']!, row.password_hash!)).toBe(true);

    const human = await cli([
      'admin',
      'create-user',
      '--org',
      'people',
      '--email',
      'ben@example.com',
    ]);
    expect(human.code).toBe(0);
    const lines = human.out.split('\n');
    expect(lines[0]).toContain('member ben@example.com created in people');
    expect(await verifyPassword(lines[1]!, (await userRow('ben@example.com')).password_hash!)).toBe(
      true,
    );
  });

  it('when a password is read from standard input, then it is used as is and nothing secret is printed', async () => {
    const r = await cli(
      ['admin', 'create-user', '--org', 'people', '--email', 'cy@example.com', '--password-stdin'],
      'piped passphrase 1\n',
    );
    expect(r.code).toBe(0);
    expect(r.out).toBe('member cy@example.com created in people');
    const row = await userRow('cy@example.com');
    expect(row.password_must_change).toBe(false);
    expect(await verifyPassword('piped passphrase 1', row.password_hash!)).toBe(true);
  });

  it('when inputs are wrong, then usage errors exit 2 and failures exit 1', async () => {
    expect((await cli(['admin', 'create-user', '--org', 'people'])).code).toBe(2);
    expect(
      (
        await cli([
          'admin',
          'create-user',
          '--org',
          'people',
          '--email',
          'x@example.com',
          '--role',
          'owner',
        ])
      ).code,
    ).toBe(2);
    expect((await cli(['admin', 'create-user', '--org', 'people', '--email', 'bad'])).code).toBe(2);
    const short = await cli(
      ['admin', 'create-user', '--org', 'people', '--email', 'd@example.com', '--password-stdin'],
      'short\n',
    );
    expect(short.code).toBe(2);
    expect(short.err).toContain('at least 12 characters');
    const missingOrg = await cli([
      'admin',
      'create-user',
      '--org',
      'nobody',
      '--email',
      'e@example.com',
    ]);
    expect(missingOrg.code).toBe(1);
    expect(missingOrg.err).toContain("organization 'nobody' does not exist");
    const again = await cli([
      'admin',
      'create-user',
      '--org',
      'people',
      '--email',
      'ann@example.com',
    ]);
    expect(again.code).toBe(1);
    expect(again.err).toContain('already a member');
  });
});
