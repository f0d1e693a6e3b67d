import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, createTenant, expectError, type Harness } from './harness.js';

let h: Harness;
let auth: string;
beforeAll(async () => {
  h = await createHarness();
  ({ auth } = await createTenant(h.db));
});
afterAll(async () => h.close());

const countWebhooks = async () => (await h.db.selectFrom('webhooks').select('id').execute()).length;

describe('bad request bodies', () => {
  it('when the JSON is malformed, then 400 validation_failed and nothing is written', async () => {
    const res = await request(h.app)
      .post('/v1/webhooks')
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .send('{"url": "https://x.test", ');
    expectError(res, 400, 'validation_failed');
    expect(await countWebhooks()).toBe(0);
  });

  it('when the content type is not JSON, then 415 unsupported_media_type', async () => {
    const res = await request(h.app)
      .post('/v1/webhooks')
      .set('Authorization', auth)
      .set('Content-Type', 'text/plain')
      .send('url=https://x.test');
    expectError(res, 415, 'unsupported_media_type');
    const form = await request(h.app)
      .post('/v1/webhooks')
      .set('Authorization', auth)
      .type('form')
      .send({ url: 'https://x.test' });
    expectError(form, 415, 'unsupported_media_type');
  });

  it('when the body exceeds the JSON limit, then 413 payload_too_large', async () => {
    const res = await request(h.app)
      .post('/v1/webhooks')
      .set('Authorization', auth)
      .send({ url: 'https://x.test', events: ['*'], description: 'x'.repeat(70 * 1024) });
    expectError(res, 413, 'payload_too_large');
    expect(await countWebhooks()).toBe(0);
  });

  it('when JSON nests deeper than 32 levels, then 400 (even 30,000 levels deep)', async () => {
    const deep = `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`;
    expectError(
      await request(h.app)
        .post('/v1/webhooks')
        .set('Authorization', auth)
        .set('Content-Type', 'application/json')
        .send(deep),
      400,
      'validation_failed',
    );
    const hostile = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    const res = await request(h.app)
      .post('/v1/webhooks')
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .send(hostile);
    expect(expectError(res, 400, 'validation_failed').message).toMatch(/nesting/);
  });

  it('when a string holds a NUL character, then 400 and nothing is written', async () => {
    const res = await request(h.app)
      .post('/v1/webhooks')
      .set('Authorization', auth)
      .send({ url: 'https://x.test', events: ['*'], description: 'a\u0000b' });
    expect(expectError(res, 400, 'validation_failed').message).toMatch(/NUL/);
    expect(await countWebhooks()).toBe(0);
  });

  it('when a gzip Content-Encoding is sent to a JSON endpoint, then 415', async () => {
    const res = await request(h.app)
      .post('/v1/webhooks')
      .set('Authorization', auth)
      .set('Content-Encoding', 'gzip')
      .set('Content-Type', 'application/json')
      .send('{}');
    expectError(res, 415, 'unsupported_media_type');
  });

  it('when an unknown path or method is used, then 404 in the error shape', async () => {
    expectError(
      await request(h.app).get('/v1/nothing-here').set('Authorization', auth),
      404,
      'not_found',
    );
    expectError(
      await request(h.app).put('/v1/webhooks').set('Authorization', auth),
      404,
      'not_found',
    );
    expectError(await request(h.app).get('/'), 404, 'not_found');
  });
});
