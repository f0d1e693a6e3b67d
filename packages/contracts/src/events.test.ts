import { describe, expect, it } from 'vitest';
import { EVENT_DATA, EVENT_TYPES, EventEnvelope, makeEnvelope } from './events.js';
import { validate } from './validate.js';

describe('events', () => {
  it('when listed, then the seven event types of the spec exist', () => {
    expect(EVENT_TYPES).toEqual([
      'fix.generated',
      'pr.opened',
      'pr.merged',
      'pr.closed',
      'triage.completed',
      'scan.completed',
      'ping',
    ]);
  });

  it('when a triage.completed envelope is built, then it validates; a wrong classification does not', () => {
    const envelope = makeEnvelope({
      id: '01a1fba3-f055-7639-89b4-9f8d5922aad6',
      type: 'triage.completed',
      createdAt: new Date('2026-11-21T00:00:00Z'),
      organization: 'acme',
      repository: 'acme/web',
      data: {
        finding_id: '01a1fba3-f055-7639-89b4-9f8d5922aad7',
        rule_id: 'js/sql-injection',
        classification: 'TRUE_POSITIVE',
        severity: 'high',
        justification: 'user input reaches the query',
        confidence: 0.92,
        evidence_summary: 'source → sink in one file',
      },
    });
    expect(envelope.created_at).toBe('2026-11-21T00:00:00.000Z');
    expect(validate(EventEnvelope, envelope).ok).toBe(true);
    const wrong = { ...envelope, data: { ...envelope.data, classification: 'MAYBE' } };
    expect(validate(EVENT_DATA['triage.completed'], wrong.data).ok).toBe(false);
  });
});
