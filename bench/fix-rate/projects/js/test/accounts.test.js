import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { serve } from './helpers.js';

const require = createRequire(import.meta.url);
const mysql = require('mysql2');
const accountsModule = require('../src/routes/accounts.cjs');

/** Records each statement as mysql2 would send it (placeholders filled by its own escaping). */
const sent = [];
accountsModule.shop.query = (sql, params, callback) => {
  if (typeof params === 'function') [params, callback] = [undefined, params];
  sent.push(mysql.format(sql, params));
  setImmediate(() => callback(null, [{ id: 7, email: 'ann@example.com', role: 'customer', total: 12 }]));
};

describe('accounts', () => {
  let app;
  before(async () => {
    app = await serve(accountsModule.accounts);
  });
  after(() => app.close());

  it('when an account is looked up by e-mail, then the statement compares the e-mail as a string', async () => {
    const body = await (await fetch(`${app.url}/accounts/by-email?email=ann@example.com`)).json();
    assert.equal(body[0].id, 7);
    assert.equal(sent.at(-1), "SELECT id, email, role FROM accounts WHERE email = 'ann@example.com'");
  });

  it('when orders are listed, then the account id is in the statement', async () => {
    await fetch(`${app.url}/accounts/7/orders`);
    assert.match(sent.at(-1), /WHERE account_id = '?7'? ORDER BY id$/);
  });

  it('when a token is issued, then /accounts/me accepts it', async () => {
    const { token } = await (
      await fetch(`${app.url}/accounts/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 7 }),
      })
    ).json();
    const me = await fetch(`${app.url}/accounts/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.deepEqual(await me.json(), { id: 7 });
    const role = await fetch(`${app.url}/accounts/role`, { headers: { authorization: `Bearer ${token}` } });
    assert.deepEqual(await role.json(), { role: 'customer' });
    const refreshed = await fetch(`${app.url}/accounts/refresh?token=${token}`);
    assert.equal(refreshed.status, 200);
  });

  it('when a token is garbage, then /accounts/me answers 401', async () => {
    const me = await fetch(`${app.url}/accounts/me`, { headers: { authorization: 'Bearer nope' } });
    assert.equal(me.status, 401);
  });

  it('when a reset digest is made, then it is hexadecimal and stable for a token', () => {
    assert.match(accountsModule.resetTokenDigest('abc'), /^[0-9a-f]+$/);
    assert.equal(accountsModule.resetTokenDigest('abc'), accountsModule.resetTokenDigest('abc'));
  });

  it('when an avatar ETag is computed, then it is the MD5 the CDN expects', () => {
    assert.equal(accountsModule.avatarEtag(Buffer.from('avatar')), 'qsoPXrTS2Yps5t/6mfglSw==');
  });
});
