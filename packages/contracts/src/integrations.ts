import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, Page, Timestamp } from './common.js';

/**
 * Headers of a signed generic SARIF upload (`POST /integrations/sarif/{integration_id}`):
 * `X-Remediation-Signature: sha256=<hex HMAC-SHA256>` over the raw body as sent, or over
 * `<timestamp>.<raw body>` when `X-Remediation-Timestamp` (Unix seconds) is sent as well.
 */
export const SARIF_INTEGRATION_HEADERS = {
  signature: 'X-Remediation-Signature',
  timestamp: 'X-Remediation-Timestamp',
} as const;

/** At most this many generic SARIF integrations per repository. */
export const MAX_SARIF_INTEGRATIONS_PER_REPOSITORY = 20;

export const CreateSarifIntegrationBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: '\\S',
      description: 'What sends to it (a scanner, a CI pipeline); shown in listings',
    }),
  },
  { additionalProperties: false, title: 'CreateSarifIntegrationBody' },
);
export type CreateSarifIntegrationBody = Static<typeof CreateSarifIntegrationBody>;

const integrationProperties = {
  id: Id,
  repository_id: Id,
  name: Type.String(),
  upload_url: Type.String({
    description: 'Where the scanner POSTs its signed SARIF document',
  }),
  created_at: Timestamp,
  rotated_at: Nullable(Timestamp),
  last_used_at: Nullable(Timestamp),
};

/** A generic SARIF integration as listed: never its secret. */
export const SarifIntegration = Type.Object(integrationProperties, {
  additionalProperties: false,
  title: 'SarifIntegration',
});
export type SarifIntegration = Static<typeof SarifIntegration>;

/** The answer to a creation or a rotation: the integration and its signing secret, once. */
export const SarifIntegrationWithSecret = Type.Object(
  {
    ...integrationProperties,
    secret: Type.String({
      description:
        'HMAC-SHA256 signing secret (32 random bytes, base64url); returned only in this answer',
    }),
  },
  { additionalProperties: false, title: 'SarifIntegrationWithSecret' },
);
export type SarifIntegrationWithSecret = Static<typeof SarifIntegrationWithSecret>;

export const SarifIntegrationList = Page(SarifIntegration, 'SarifIntegrationList');

/** The answer to an inbound forge webhook (GitHub, GitLab). */
export const ForgeEventReceived = Type.Object(
  {
    received: Type.Literal(true),
    duplicate: Type.Boolean({
      description: 'This delivery id was received before; nothing new was queued',
    }),
    ignored: Type.Optional(
      Type.String({ description: 'Why the event was not stored: nothing acts on it' }),
    ),
  },
  { additionalProperties: false, title: 'ForgeEventReceived' },
);
export type ForgeEventReceived = Static<typeof ForgeEventReceived>;
