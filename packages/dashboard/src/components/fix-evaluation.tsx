import { Link } from 'wouter';
import { checklist } from './fix-checks.js';

const MARK = { passed: '✓', failed: '✗', 'not run': '–' } as const;

/** A fix's evaluation: each check passed, failed or not run (in words, not colour alone), then rejected candidates. */
export const FixEvaluation = ({ evaluation }: { evaluation: Record<string, unknown> }) => {
  if (Object.keys(evaluation).length === 0) return <p className="muted">No evaluation recorded.</p>;
  const c = checklist(evaluation);
  return (
    <>
      {c.ok !== undefined && (
        <p>
          {c.ok
            ? 'Every check passed before the fix was kept.'
            : 'The fix failed its checks and was not kept for a pull request.'}
        </p>
      )}
      <ul className="checklist">
        {c.checks.map((check) => {
          const state = check.passed === undefined ? 'not run' : check.passed ? 'passed' : 'failed';
          return (
            <li key={check.key} className={`check-${state.replace(' ', '-')}`}>
              <span aria-hidden="true" className="mark">
                {MARK[state]}
              </span>{' '}
              {check.label}: <strong>{state}</strong>
            </li>
          );
        })}
      </ul>
      {c.gitApplyError && (
        <p className="notice error">
          <code>git apply</code>: {c.gitApplyError}
        </p>
      )}
      {c.rejected.length > 0 && (
        <>
          <h3>Rejected candidates</h3>
          <ul>
            {c.rejected.map((r, i) => (
              <li key={i}>
                <code>{r.codemod}</code> for finding{' '}
                <Link href={`/findings/${r.findingId}`}>{r.findingId.slice(-8)}</Link>:{' '}
                {r.failures.join('; ') || 'failed'}
              </li>
            ))}
          </ul>
        </>
      )}
      <details>
        <summary>Evaluation as recorded</summary>
        <pre>{JSON.stringify(evaluation, null, 2)}</pre>
      </details>
    </>
  );
};
