import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  generateIntegrationSecret,
  headerProblem,
  signatureMatches,
  signSarifBody,
} from './sarif-signature.js';

const body = Buffer.from('{"version":"2.1.0","runs":[]}');
const WINDOW = 300_000;
const NOW = 1_800_000_000_000;

describe('generic SARIF integration signatures', () => {
  it('when a secret is generated, then it is 32 random bytes in base64url', () => {
    const a = generateIntegrationSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(generateIntegrationSecret()).not.toBe(a);
  });

  it('when openssl signs the body with the secret (the README recipe), then the signature matches', () => {
    const secret = generateIntegrationSecret();
    const hex = execFileSync('openssl', ['dgst', '-sha256', '-hmac', secret], { input: body })
      .toString()
      .trim()
      .split(' ')
      .pop()!;
    expect(signSarifBody(secret, body)).toBe(`sha256=${hex}`);
    expect(signatureMatches(secret, body, `sha256=${hex.toUpperCase()}`)).toBe(true);
  });

  it('when the body, the secret or the timestamp differ from what was signed, then it does not match', () => {
    const signature = signSarifBody('s3cret', body, '1800000000');
    expect(signatureMatches('s3cret', body, signature, '1800000000')).toBe(true);
    expect(signatureMatches('s3cret', body, signature, '1800000001')).toBe(false);
    expect(signatureMatches('s3cret', body, signature)).toBe(false);
    expect(signatureMatches('other', body, signature, '1800000000')).toBe(false);
    expect(signatureMatches('s3cret', Buffer.concat([body, Buffer.from(' ')]), signature)).toBe(
      false,
    );
  });

  it('when headers are malformed or the timestamp is outside the window, then a problem is named', () => {
    const ok = signSarifBody('s', body);
    expect(headerProblem(ok, undefined, NOW, WINDOW)).toBeUndefined();
    expect(headerProblem(undefined, undefined, NOW, WINDOW)).toMatch(/Signature/);
    expect(headerProblem(ok.replace('sha256=', 'sha1='), undefined, NOW, WINDOW)).toMatch(
      /Signature/,
    );
    expect(headerProblem(ok.slice(0, -1), undefined, NOW, WINDOW)).toMatch(/Signature/);
    expect(headerProblem(ok, '1800000299', NOW, WINDOW)).toBeUndefined();
    expect(headerProblem(ok, '1799999700', NOW, WINDOW)).toBeUndefined();
    expect(headerProblem(ok, '1800000301', NOW, WINDOW)).toMatch(/300 s/);
    expect(headerProblem(ok, '1799999699', NOW, WINDOW)).toMatch(/300 s/);
    expect(headerProblem(ok, '2026-11-23T10:00:00Z', NOW, WINDOW)).toMatch(/Unix seconds/);
  });
});
