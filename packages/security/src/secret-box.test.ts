import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, generateWebhookSecret, parseKey } from './secret-box.js';

describe('secret box', () => {
  it('when a secret is sealed, then the ciphertext hides it and opens back to it; sealing twice differs', () => {
    const box = createSecretBox(randomBytes(32));
    const secret = generateWebhookSecret();
    const a = box.seal(secret);
    expect(a.includes(Buffer.from(secret))).toBe(false);
    expect(box.open(a)).toBe(secret);
    expect(box.seal(secret).equals(a)).toBe(false);
  });

  it('when the ciphertext is tampered with or the key differs, then opening fails', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal('whsec_abc');
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
  });

  it('when the key is not 32 bytes of base64, then it is refused without echoing it', () => {
    expect(() => parseKey('c2hvcnQ=')).toThrow(/32 bytes/);
    try {
      parseKey('c2hvcnQ=');
    } catch (err) {
      expect((err as Error).message).not.toContain('c2hvcnQ');
    }
    expect(parseKey(randomBytes(32).toString('base64'))).toHaveLength(32);
  });
});
