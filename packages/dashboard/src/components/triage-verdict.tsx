import type { FindingDetail } from '../api/types.js';
import { EvidenceList } from './triage-evidence.js';
import { Badge, formatTime } from './ui.js';

/** Who decided: the deterministic engine, with a model's second opinion, or a person. */
const providerText = (provider: string): string =>
  provider === 'override'
    ? 'a person (override)'
    : provider.startsWith('deterministic+llm:')
      ? `rules and signals, second opinion from ${provider.slice('deterministic+llm:'.length)}`
      : provider === 'deterministic'
        ? 'rules and signals'
        : provider;

/**
 * A finding's triage: the verdict, its calibrated confidence, who decided (provider, an
 * "AI-assisted" mark when a model contributed, the person and time of an override), the
 * justification and the evidence grouped by effect; or why triage failed.
 */
export const TriageVerdict = ({ finding }: { finding: FindingDetail }) => {
  const t = finding.triage;
  return (
    <>
      {finding.triage_error && (
        <p className="notice error" role="alert">
          Triage failed: {finding.triage_error}
        </p>
      )}
      {!t ? (
        !finding.triage_error && <p className="muted">Not triaged yet.</p>
      ) : (
        <>
          <dl className="facts">
            <dt>Verdict</dt>
            <dd>
              <Badge value={t.classification} />{' '}
              {t.ai_generated && (
                <span
                  className="badge badge-ai"
                  title="A language model contributed to this verdict"
                >
                  AI-assisted
                </span>
              )}
            </dd>
            <dt>Confidence</dt>
            <dd>{Math.round(t.confidence * 100)}%</dd>
            <dt>Severity</dt>
            <dd>
              <Badge value={t.severity} />
            </dd>
            <dt>Decided by</dt>
            <dd>{providerText(t.provider)}</dd>
            {t.overridden_by && (
              <>
                <dt>Overridden</dt>
                <dd>
                  by {t.overridden_by}
                  {t.overridden_at ? ` on ${formatTime(t.overridden_at)}` : ''}
                </dd>
              </>
            )}
            <dt>Justification</dt>
            <dd>{t.justification}</dd>
          </dl>
          <h3>Evidence</h3>
          <EvidenceList evidence={t.evidence} />
        </>
      )}
    </>
  );
};
