import { generateKeyPairSync } from 'node:crypto';

/** An RSA key pair for a GitHub App made in the test (PKCS#8 private key, SPKI public key). */
export const appKeyPair = (): { privateKey: string; publicKey: string } =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
