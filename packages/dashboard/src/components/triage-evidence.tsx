import type { TriageEvidence } from '../api/types.js';

type Effect = TriageEvidence['effect'];

/** The effects in the order a reader weighs them, with the heading each group gets. */
const EFFECTS: readonly { effect: Effect; title: string }[] = [
  { effect: 'true_positive', title: 'Towards a true positive' },
  { effect: 'false_positive', title: 'Towards a false positive' },
  { effect: 'wont_fix', title: "Towards won't fix" },
  { effect: 'severity', title: 'Severity' },
  { effect: 'neutral', title: 'Neutral' },
];

export interface EvidenceGroup {
  effect: Effect;
  title: string;
  items: TriageEvidence[];
}

const byWeight = (a: TriageEvidence, b: TriageEvidence) =>
  Math.abs(b.weight ?? 0) - Math.abs(a.weight ?? 0);

/**
 * Evidence grouped by effect (true positive, false positive, won't fix, severity, neutral; empty
 * groups left out), the heaviest signal first in each. A plain sentence (evidence stored before
 * it had a structure) counts as neutral.
 */
export const groupEvidence = (evidence: readonly unknown[]): EvidenceGroup[] => {
  const items = evidence.map((e): TriageEvidence =>
    typeof e === 'string' ? { signal: '', effect: 'neutral', detail: e } : (e as TriageEvidence),
  );
  return EFFECTS.map(({ effect, title }) => ({
    effect,
    title,
    items: items.filter((e) => e.effect === effect).sort(byWeight),
  })).filter((g) => g.items.length > 0);
};

/** A log-odds weight as a signed figure (`+1.20`, `−0.85`). */
export const formatWeight = (weight: number): string =>
  `${weight >= 0 ? '+' : '−'}${Math.abs(weight).toFixed(2)}`;

type PathStep = NonNullable<TriageEvidence['path']>[number];

/** What each step of a reconstructed flow did, in words. */
const STEP_TEXT: Record<string, string> = {
  source: 'input read',
  'local-source': 'local input read',
  parameter: 'parameter',
  constant: 'constant',
  assign: 'assigned',
  propagate: 'carried',
  container: 'container',
  branch: 'branch decided',
  kill: 'input dropped',
  sanitizer: 'sanitized',
  call: 'call',
  unknown: 'not followed',
  sink: 'sink',
};

/** A step's kind in words (unknown kinds as sent). */
export const stepText = (kind: string): string => STEP_TEXT[kind] ?? kind;

/** The reconstructed flow of a signal, one step a line, source first and the sink last. */
const FlowPath = ({ path }: { path: readonly PathStep[] }) => (
  <ol className="flow-path" aria-label="Reconstructed flow">
    {path.map((s, i) => (
      <li key={i} className={`step step-${s.kind}`}>
        <span className="badge">{stepText(s.kind)}</span>{' '}
        <code className="muted">{`${s.uri}:${s.line}`}</code> <code>{s.code}</code>
      </li>
    ))}
  </ol>
);

const Item = ({ e }: { e: TriageEvidence }) => (
  <li>
    {e.signal && <strong>{e.signal.replace(/_/g, ' ')}</strong>}
    {e.signal && e.detail ? ': ' : ''}
    {e.detail}
    {e.at?.uri && (
      <>
        {' '}
        at <code>{`${e.at.uri}${e.at.line ? `:${e.at.line}` : ''}`}</code>
      </>
    )}
    {e.weight !== undefined && e.weight !== 0 && (
      <span className="muted" title="Log-odds contribution towards a true positive">
        {' '}
        (weight {formatWeight(e.weight)})
      </span>
    )}
    {e.path && e.path.length > 0 && <FlowPath path={e.path} />}
  </li>
);

/** The evidence behind a verdict, one titled list per effect. */
export const EvidenceList = ({ evidence }: { evidence: readonly unknown[] }) => {
  const groups = groupEvidence(evidence);
  if (groups.length === 0) return <p className="muted">No evidence was recorded.</p>;
  return (
    <div className="evidence">
      {groups.map((g) => (
        <section key={g.effect} aria-labelledby={`evidence-${g.effect}`}>
          <h4
            id={`evidence-${g.effect}`}
            className={`effect effect-${g.effect.replace(/_/g, '-')}`}
          >
            {g.title} <span className="muted">({g.items.length})</span>
          </h4>
          <ul>
            {g.items.map((e, i) => (
              <Item key={i} e={e} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
};
