import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;
const TIMESTAMP = /^\d{1,12}$/;

/** A new signing secret for a generic SARIF integration: 32 random bytes, base64url (43 characters). */
export const generateIntegrationSecret = (): string => randomBytes(32).toString('base64url');

/**
 * `sha256=<hex HMAC-SHA256>` of the raw body as sent, keyed with the secret's UTF-8 bytes (as
 * GitHub's `X-Hub-Signature-256`); with a timestamp, of `<timestamp>.<raw body>` instead, so
 * the timestamp cannot be replaced without the secret.
 */
export const signSarifBody = (secret: string, rawBody: Buffer, timestamp?: string): string => {
  const hmac = createHmac('sha256', secret);
  if (timestamp !== undefined) hmac.update(`${timestamp}.`, 'utf8');
  return `sha256=${hmac.update(rawBody).digest('hex')}`;
};

/** Why signature headers are refused before any integration is looked up (the same for every id). */
export const headerProblem = (
  signature: string | undefined,
  timestamp: string | undefined,
  nowMs: number,
  windowMs: number,
): string | undefined => {
  if (signature === undefined || !SIGNATURE.test(signature))
    return 'X-Remediation-Signature must be sha256=<hex HMAC-SHA256 of the body>';
  if (timestamp === undefined) return undefined;
  if (!TIMESTAMP.test(timestamp)) return 'X-Remediation-Timestamp must be Unix seconds';
  if (Math.abs(nowMs - Number(timestamp) * 1000) > windowMs)
    return `X-Remediation-Timestamp is more than ${Math.round(windowMs / 1000)} s from the server's clock`;
  return undefined;
};

/** Constant-time check of a well-formed signature header (see `headerProblem`) against the secret. */
export const signatureMatches = (
  secret: string,
  rawBody: Buffer,
  signature: string,
  timestamp?: string,
): boolean => {
  const sent = SIGNATURE.exec(signature)?.[1];
  if (!sent) return false;
  const expected = signSarifBody(secret, rawBody, timestamp).slice('sha256='.length);
  return timingSafeEqual(Buffer.from(sent.toLowerCase(), 'hex'), Buffer.from(expected, 'hex'));
};
