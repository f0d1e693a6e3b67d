/**
 * The exact bytes sent: the envelope with the spec's field order (jsonb does not keep key
 * order), so every attempt of an event sends the same body.
 */
export const envelopeBody = (envelope: Record<string, unknown>): Buffer =>
  Buffer.from(
    JSON.stringify({
      id: envelope['id'],
      type: envelope['type'],
      created_at: envelope['created_at'],
      organization: envelope['organization'],
      repository: envelope['repository'] ?? null,
      data: envelope['data'],
    }),
    'utf8',
  );
