import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { partnerRequestOptions } from '../src/lib/http.js';

const require = createRequire(import.meta.url);
const legacy = require('../src/lib/legacy.cjs');

describe('legacy helpers', () => {
  it('when a basic auth header is built, then it is base64 of user:password', () => {
    assert.equal(legacy.basicAuthHeader('ann', 'pw'), 'Basic YW5uOnB3');
  });

  it('when a payload is framed, then it is prefixed with its length', () => {
    const framed = legacy.frame(Buffer.from('abc'));
    assert.equal(framed.readUInt32BE(0), 3);
    assert.equal(framed.subarray(4).toString(), 'abc');
  });

  it('when a wire string is read, then its bytes are kept', () => {
    assert.equal(legacy.fromWire('hi').toString(), 'hi');
  });

  it('when session ids and coupons are made, then they have their shape and differ', () => {
    assert.notEqual(legacy.sessionId(), legacy.sessionId());
    assert.match(legacy.sessionId(), /^[0-9a-z]+$/);
    assert.match(legacy.couponCode(), /^SAVE-\d+$/);
  });

  it('when an API signature is made, then it is a stable hex digest', () => {
    assert.match(legacy.apiKeySignature('k', 'body'), /^[0-9a-f]+$/);
    assert.equal(legacy.apiKeySignature('k', 'body'), legacy.apiKeySignature('k', 'body'));
  });

  it('when partner options are built, then TLS stays strict unless switched off', () => {
    assert.equal(partnerRequestOptions('p').rejectUnauthorized, true);
  });
});
