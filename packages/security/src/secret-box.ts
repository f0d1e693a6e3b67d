import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plaintext: string): Buffer;
  open(sealed: Buffer): string;
}

/** Decodes a base64 32-byte key; throws (without echoing it) when it is not one. */
export const parseKey = (base64: string): Buffer => {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('encryption key must be 32 bytes, base64-encoded');
  return key;
};

/**
 * AES-256-GCM encryption of secrets at rest (webhook secrets). Layout:
 * version (1 byte) | IV (12) | auth tag (16) | ciphertext.
 */
export const createSecretBox = (key: Buffer): SecretBox => {
  if (key.length !== 32) throw new Error('encryption key must be 32 bytes');
  return {
    seal: (plaintext) => {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), ciphertext]);
    },
    open: (sealed) => {
      if (sealed[0] !== VERSION) throw new Error('unknown secret format');
      const iv = sealed.subarray(1, 1 + IV_BYTES);
      const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
};

/** A random webhook signing secret, `whsec_` + 43 base64url characters (256 bits). */
export const generateWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;
