import { EVENT_TYPES } from '@remediation/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, createTenant, expectError, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const create = (auth: string, body: unknown) =>
  request(h.app)
    .post('/v1/webhooks')
    .set('Authorization', auth)
    .send(body as object);

describe('POST /v1/webhooks', () => {
  it('when no secret is given, then 201 with a generated secret returned once, stored encrypted', async () => {
    const { auth } = await createTenant(h.db);
    const res = await create(auth, { url: 'https://hooks.example.com/remediation', events: ['*'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      url: 'https://hooks.example.com/remediation',
      events: ['*'],
      active: true,
    });
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(res.body.secret_hint).toBe(res.body.secret.slice(-4));
    const row = await h.db
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_ciphertext.includes(Buffer.from(res.body.secret))).toBe(false);
    expect(h.secretBox.open(row.secret_ciphertext)).toBe(res.body.secret);

    const listed = await request(h.app).get('/v1/webhooks').set('Authorization', auth);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0].secret).toBeUndefined();
    expect(JSON.stringify(listed.body)).not.toContain(res.body.secret);
  });

  it('when the caller gives a secret, then it is kept and never returned', async () => {
    const { auth } = await createTenant(h.db);
    const secret = 'my-very-own-secret-123';
    const res = await create(auth, {
      url: 'https://hooks.example.com/a',
      events: ['fix.generated', 'pr.opened'],
      secret,
    });
    expect(res.status).toBe(201);
    expect(res.body.secret).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain(secret);
  });

  it('when the url is http, malformed, or carries credentials, then 400 and nothing is stored', async () => {
    const { auth, org } = await createTenant(h.db);
    for (const url of [
      'http://hooks.example.com/a',
      'not a url',
      'https://user:pw@hooks.example.com/',
      'ftp://hooks.example.com/',
    ]) {
      const error = expectError(
        await create(auth, { url, events: ['*'] }),
        400,
        'validation_failed',
      );
      expect(error.problems?.[0]?.path).toBe('/url');
    }
    expect(
      await h.db
        .selectFrom('webhooks')
        .select('id')
        .where('organization_id', '=', org.id)
        .execute(),
    ).toHaveLength(0);
  });

  it('when events are unknown, empty or repeated, or the secret is too short, then 400', async () => {
    const { auth } = await createTenant(h.db);
    const bodies = [
      { url: 'https://x.example.com', events: ['fix.created'] },
      { url: 'https://x.example.com', events: [] },
      { url: 'https://x.example.com', events: ['ping', 'ping'] },
      { url: 'https://x.example.com' },
      { url: 'https://x.example.com', events: ['*'], secret: 'short' },
      { url: 'https://x.example.com', events: ['*'], extra: true },
    ];
    for (const body of bodies) expectError(await create(auth, body), 400, 'validation_failed');
  });

  it('when every event type is named, then it is accepted', async () => {
    const { auth } = await createTenant(h.db);
    expect((await create(auth, { url: 'https://x.example.com', events: EVENT_TYPES })).status).toBe(
      201,
    );
  });

  it('when the organization has reached its webhook limit, then 409 conflict', async () => {
    const { auth } = await createTenant(h.db);
    for (let i = 0; i < 5; i++)
      expect(
        (await create(auth, { url: `https://x.example.com/${i}`, events: ['*'] })).status,
      ).toBe(201);
    expectError(
      await create(auth, { url: 'https://x.example.com/6', events: ['*'] }),
      409,
      'conflict',
    );
  });
});

describe('DELETE and test', () => {
  it('when a webhook is deleted, then 204, it is no longer listed, and deleting or testing it again is 404', async () => {
    const { auth } = await createTenant(h.db);
    const { body } = await create(auth, { url: 'https://x.example.com', events: ['*'] });
    const del = await request(h.app).delete(`/v1/webhooks/${body.id}`).set('Authorization', auth);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect(
      (await request(h.app).get('/v1/webhooks').set('Authorization', auth)).body.data,
    ).toHaveLength(0);
    expectError(
      await request(h.app).delete(`/v1/webhooks/${body.id}`).set('Authorization', auth),
      404,
      'not_found',
    );
    expectError(
      await request(h.app).post(`/v1/webhooks/${body.id}/test`).set('Authorization', auth),
      404,
      'not_found',
    );
  });

  it("when another organization's webhook is addressed, then 404", async () => {
    const a = await createTenant(h.db);
    const b = await createTenant(h.db);
    const { body } = await create(a.auth, { url: 'https://x.example.com', events: ['*'] });
    expectError(
      await request(h.app).delete(`/v1/webhooks/${body.id}`).set('Authorization', b.auth),
      404,
      'not_found',
    );
    expectError(
      await request(h.app).post(`/v1/webhooks/${body.id}/test`).set('Authorization', b.auth),
      404,
      'not_found',
    );
  });

  it('when a webhook is tested, then 202 {delivery_id} and a ping envelope for that webhook only is in the outbox', async () => {
    const { auth, org } = await createTenant(h.db);
    const { body } = await create(auth, { url: 'https://x.example.com', events: ['pr.opened'] });
    const res = await request(h.app)
      .post(`/v1/webhooks/${body.id}/test`)
      .set('Authorization', auth);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ delivery_id: expect.any(String), event_id: expect.any(String) });
    const row = await h.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', res.body.event_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      type: 'ping',
      target_webhook_id: body.id,
      target_delivery_id: res.body.delivery_id,
      organization_id: org.id,
      relayed_at: null,
    });
    expect(row.envelope).toEqual({
      id: res.body.event_id,
      type: 'ping',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      organization: org.slug,
      repository: null,
      data: { message: expect.any(String) },
    });
  });
});
