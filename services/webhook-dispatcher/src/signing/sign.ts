import { createHmac, type KeyObject } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Service-Signature';
export const TIMESTAMP_HEADER = 'X-Service-Timestamp';
export const TIMESTAMP_SIGNATURE_HEADER = 'X-Service-Signature-Timestamped';
export const EVENT_ID_HEADER = 'X-Service-Event-Id';
export const EVENT_TYPE_HEADER = 'X-Service-Event-Type';
export const DELIVERY_ID_HEADER = 'X-Service-Delivery-Id';

/** A signing secret: the string, or a KeyObject made from it once (cheaper per signature). */
export type SigningKey = string | KeyObject;

/** The spec's signature: lowercase hex HMAC-SHA256 of the exact body bytes. */
export const signBody = (secret: SigningKey, body: Buffer): string =>
  createHmac('sha256', secret).update(body).digest('hex');

/**
 * Replay protection: HMAC-SHA256 over `<timestamp>.<body>` so a receiver can refuse old
 * deliveries. The spec's `X-Service-Signature` is unchanged beside it.
 */
export const signTimestamped = (secret: SigningKey, timestamp: number, body: Buffer): string =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');

export interface SignedHeaders {
  [name: string]: string;
}

export const deliveryHeaders = (options: {
  secret: SigningKey;
  body: Buffer;
  eventId: string;
  eventType: string;
  deliveryId: string;
  timestamp: number;
}): SignedHeaders => ({
  'Content-Type': 'application/json',
  'User-Agent': 'remediation-webhooks/1',
  [SIGNATURE_HEADER]: signBody(options.secret, options.body),
  [TIMESTAMP_HEADER]: String(options.timestamp),
  [TIMESTAMP_SIGNATURE_HEADER]: signTimestamped(options.secret, options.timestamp, options.body),
  [EVENT_ID_HEADER]: options.eventId,
  [EVENT_TYPE_HEADER]: options.eventType,
  [DELIVERY_ID_HEADER]: options.deliveryId,
});
