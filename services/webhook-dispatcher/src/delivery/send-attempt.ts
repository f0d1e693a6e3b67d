import { createSecretKey, type KeyObject } from 'node:crypto';
import type { Agent } from 'node:https';
import { inCarriedSpan } from '@remediation/runtime';
import type { SecretBox } from '@remediation/security';
import { deliveryHeaders } from '../signing/sign.js';
import type { ClaimedDelivery } from './claims.repository.js';
import { envelopeBody } from './envelope-body.js';
import { postWebhook, type PostOutcome } from './post-webhook.js';

/** Bodies of recent events: an event goes to many webhooks, built once. */
const BODY_CACHE = 2_000;
/** Signing keys of webhooks seen: decrypted once per stored secret, not per delivery. */
const KEY_CACHE = 10_000;

export interface SenderOptions {
  secretBox: SecretBox;
  agent: Agent;
  timeoutMs: number;
  excerptBytes: number;
  allowPrivate: boolean;
  now?: () => number;
}

/**
 * Signs and POSTs one claimed delivery; a secret that does not decrypt is an outcome, not an
 * exception. Keeps the bodies of recent events and each webhook's signing key (keyed by its
 * stored ciphertext, so a new secret is decrypted again; a key that does not decrypt is not kept).
 */
export const createSender = (options: SenderOptions) => {
  const now = options.now ?? Date.now;
  const bodies = new Map<string, Buffer>();
  const keys = new Map<string, { ciphertext: Buffer; key: KeyObject }>();

  const signingKey = (delivery: ClaimedDelivery): KeyObject => {
    const cached = keys.get(delivery.webhookId);
    if (cached?.ciphertext.equals(delivery.secretCiphertext)) return cached.key;
    const key = createSecretKey(
      Buffer.from(options.secretBox.open(delivery.secretCiphertext), 'utf8'),
    );
    if (keys.size >= KEY_CACHE) keys.clear();
    keys.set(delivery.webhookId, { ciphertext: delivery.secretCiphertext, key });
    return key;
  };

  const bodyOf = (delivery: ClaimedDelivery): Buffer => {
    const cached = bodies.get(delivery.eventId);
    if (cached) return cached;
    const body = envelopeBody(delivery.envelope);
    if (bodies.size >= BODY_CACHE) bodies.delete(bodies.keys().next().value!);
    bodies.set(delivery.eventId, body);
    return body;
  };

  const send = (delivery: ClaimedDelivery): Promise<PostOutcome> => {
    let key: KeyObject;
    try {
      key = signingKey(delivery);
    } catch {
      return Promise.resolve({
        delivered: false,
        statusCode: null,
        errorClass: 'secret_unreadable',
        durationMs: 0,
        excerpt: null,
      });
    }
    const body = bodyOf(delivery);
    return postWebhook({
      url: delivery.url,
      body,
      headers: deliveryHeaders({
        secret: key,
        body,
        eventId: delivery.eventId,
        eventType: delivery.eventType,
        deliveryId: delivery.id,
        timestamp: Math.floor(now() / 1000),
      }),
      agent: options.agent,
      timeoutMs: options.timeoutMs,
      excerptBytes: options.excerptBytes,
      allowPrivate: options.allowPrivate,
    });
  };

  // Each attempt continues the trace of the transaction that wrote the event (the upload's).
  return (delivery: ClaimedDelivery): Promise<PostOutcome> =>
    inCarriedSpan(
      'webhook deliver',
      delivery.traceContext,
      {
        kind: 'producer',
        attributes: {
          'webhook.delivery_id': delivery.id,
          'webhook.event_type': delivery.eventType,
          'webhook.attempt': delivery.attempt,
        },
        failure: (outcome) =>
          outcome.delivered ? undefined : (outcome.errorClass ?? `status ${outcome.statusCode}`),
      },
      () => send(delivery),
    );
};
