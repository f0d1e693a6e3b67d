import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { serve } from './helpers.js';

const { admin, mergeSettings, settings, setPath } = await import('../src/routes/admin.ts');
const { reports, downloadToken } = await import('../src/routes/reports.ts');

const post = (url, body) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('admin', () => {
  let app;
  before(async () => {
    app = await serve(admin, reports);
  });
  after(() => app.close());

  it('when settings are merged, then nested values are kept and new ones added', () => {
    const merged = mergeSettings({ a: { b: 1 } }, { a: { c: 2 }, d: 3 });
    assert.deepEqual(merged, { a: { b: 1, c: 2 }, d: 3 });
  });

  it('when a settings patch is posted as JSON text, then it is merged', async () => {
    const body = await (await post(`${app.url}/admin/settings`, { settings: '{"theme":"dark"}', user: 'ann' })).json();
    assert.equal(body.theme, 'dark');
    assert.equal(settings.banner.text, 'Welcome');
  });

  it('when a patch tries to reach the prototype, then plain objects stay clean', async () => {
    await post(`${app.url}/admin/settings`, { settings: '{"__proto__":{"polluted":true}}', user: 'eve' });
    assert.equal({}.polluted, undefined);
  });

  it('when one setting is put, then its section holds it', async () => {
    const response = await fetch(`${app.url}/admin/settings/banner/text`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: 'Sale' }),
    });
    assert.equal((await response.json()).text, 'Sale');
  });

  it('when a snapshot is imported, then its keys are counted', async () => {
    const body = await (await post(`${app.url}/admin/import`, { snapshot: '{"a":1,"b":2}' })).json();
    assert.deepEqual(body, { keys: 2 });
  });

  it('when the admin goes back to a local page, then the redirect keeps it', async () => {
    const response = await fetch(`${app.url}/admin/back?next=/admin/orders`, { redirect: 'manual' });
    assert.equal(response.headers.get('location'), '/admin/orders');
  });

  it('when a report is opened by local path, then the redirect keeps it', async () => {
    const response = await fetch(`${app.url}/open-report?url=/reports/daily`, { redirect: 'manual' });
    assert.equal(response.headers.get('location'), '/reports/daily');
  });

  it('when a dotted path is set, then the nested value is written', () => {
    assert.deepEqual(setPath({}, 'a.b', 1), { a: { b: 1 } });
  });

  it('when a download token is made, then it is a stable hex digest', () => {
    assert.match(downloadToken('r1', 's'), /^[0-9a-f]+$/);
    assert.equal(downloadToken('r1', 's'), downloadToken('r1', 's'));
  });

  it('when a report filter is built, then it matches its column', async () => {
    const body = await (await fetch(`${app.url}/reports/x/grep?column=total`)).json();
    assert.ok(new RegExp(body.filter, 'm').test('total=3'));
  });

  it('when the audit view is opened, then it answers', async () => {
    assert.deepEqual(await (await fetch(`${app.url}/admin/audit?user=ann`)).json(), { ok: true });
  });
});
