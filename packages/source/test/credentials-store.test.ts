import { randomBytes } from 'node:crypto';
import { newId } from '@remediation/db';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import { createSecretBox } from '@remediation/security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clearRepositoryCredentials,
  CredentialsUnreadableError,
  loadRepositoryCredentials,
  saveRepositoryCredentials,
} from '../src/index.js';

let t: TestDatabase;
const box = createSecretBox(randomBytes(32));
const repoIds: string[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  const orgId = newId();
  await t.db
    .insertInto('organizations')
    .values({ id: orgId, slug: 'creds', tier: 'standard' })
    .execute();
  for (const name of ['creds/a', 'creds/b']) {
    const id = newId();
    repoIds.push(id);
    await t.db
      .insertInto('repositories')
      .values({
        id,
        organization_id: orgId,
        name,
        provider: 'git',
        clone_url: '/srv/git/x.git',
        credentials_ref: null,
        default_branch: 'main',
        settings: '{}',
      })
      .execute();
  }
});
afterAll(async () => t.destroy());

describe('repository credentials store', () => {
  it('when credentials are saved, then the row holds ciphertext only and they load back; saving again replaces them', async () => {
    const [a] = repoIds as [string];
    await saveRepositoryCredentials(t.db, box, a, {
      kind: 'token',
      token: 'glpat-TOPSECRET',
      username: 'oauth2',
    });
    const row = await t.db
      .selectFrom('repository_credentials')
      .selectAll()
      .where('repository_id', '=', a)
      .executeTakeFirstOrThrow();
    expect(row.kind).toBe('token');
    expect(row.ciphertext.toString('latin1')).not.toContain('TOPSECRET');
    expect(await loadRepositoryCredentials(t.db, box, a)).toEqual({
      kind: 'token',
      token: 'glpat-TOPSECRET',
      username: 'oauth2',
    });

    const app = {
      kind: 'github_app' as const,
      appId: '12',
      installationId: '34',
      privateKey: '-----BEGIN PRIVATE KEY-----',
    };
    const saved = await saveRepositoryCredentials(t.db, box, a, app);
    expect(saved.updatedAt.getTime()).toBeGreaterThanOrEqual(saved.createdAt.getTime());
    expect(await loadRepositoryCredentials(t.db, box, a)).toEqual(app);
  });

  it('when a row is copied onto another repository or the key is different, then loading refuses', async () => {
    const [a, b] = repoIds as [string, string];
    const row = await t.db
      .selectFrom('repository_credentials')
      .selectAll()
      .where('repository_id', '=', a)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('repository_credentials')
      .values({
        repository_id: b,
        kind: row.kind,
        ciphertext: row.ciphertext,
        updated_at: new Date(),
      })
      .execute();
    await expect(loadRepositoryCredentials(t.db, box, b)).rejects.toThrow(
      CredentialsUnreadableError,
    );
    await expect(
      loadRepositoryCredentials(t.db, createSecretBox(randomBytes(32)), a),
    ).rejects.toThrow(/SECRETS_ENCRYPTION_KEY/);
  });

  it('when credentials are cleared, then none load and clearing again reports nothing removed', async () => {
    const [a] = repoIds as [string];
    expect(await clearRepositoryCredentials(t.db, a)).toBe(true);
    expect(await loadRepositoryCredentials(t.db, box, a)).toBeNull();
    expect(await clearRepositoryCredentials(t.db, a)).toBe(false);
  });
});
