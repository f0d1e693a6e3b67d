import { Link } from 'wouter';
import { api } from '../api/client.js';
import type { FixDetail } from '../api/types.js';
import { useApi } from '../api/use-api.js';
import { DiffView } from '../components/diff-view.js';
import { Markdown } from '../components/markdown.js';
import { Badge, ErrorNote, formatTime, Loading } from '../components/ui.js';

const EvaluationValue = ({ value }: { value: unknown }) =>
  typeof value === 'boolean' ? (
    <span>{value ? 'passed' : 'failed'}</span>
  ) : typeof value === 'string' || typeof value === 'number' ? (
    <span>{String(value)}</span>
  ) : (
    <pre>{JSON.stringify(value, null, 2)}</pre>
  );

/** A fix: its diff (side by side or unified), rationale (sanitized markdown), evaluation and pull request. */
export const FixPage = ({ id }: { id: string }) => {
  const fix = useApi(() => api<FixDetail>('GET', `/fixes/${id}`), id);
  if (fix.error) return <ErrorNote error={fix.error} />;
  if (!fix.data) return <Loading />;
  const f = fix.data;
  return (
    <>
      <p>
        <Link href={`/fixes?repository=${f.repository_id}`}>← Fixes</Link>
      </p>
      <h1>
        <Badge value={f.status} /> {f.summary}
      </h1>
      <dl className="facts">
        <dt>Codemod</dt>
        <dd>
          <code>{f.codemod}</code>
          {f.ai_generated ? ' (AI-generated)' : ''}
        </dd>
        <dt>Created</dt>
        <dd>{formatTime(f.created_at)}</dd>
        <dt>Findings</dt>
        <dd>
          {f.finding_ids.map((fid, i) => (
            <span key={fid}>
              {i > 0 && ', '}
              <Link href={`/findings/${fid}`}>{fid.slice(-8)}</Link>
            </span>
          ))}
        </dd>
        <dt>Pull request</dt>
        <dd>
          {f.pr_url && /^https?:\/\//.test(f.pr_url) ? (
            <a href={f.pr_url} rel="noopener noreferrer" target="_blank">
              {f.pr_url}
            </a>
          ) : (
            'none yet'
          )}
        </dd>
      </dl>
      <section aria-labelledby="rationale-title">
        <h2 id="rationale-title">Rationale</h2>
        {f.rationale ? <Markdown source={f.rationale} /> : <p className="muted">No rationale.</p>}
      </section>
      <section aria-labelledby="evaluation-title">
        <h2 id="evaluation-title">Evaluation</h2>
        {Object.keys(f.evaluation).length === 0 ? (
          <p className="muted">No evaluation recorded.</p>
        ) : (
          <dl className="facts">
            {Object.entries(f.evaluation).map(([k, v]) => [
              <dt key={`${k}-t`}>{k.replace(/_/g, ' ')}</dt>,
              <dd key={`${k}-d`}>
                <EvaluationValue value={v} />
              </dd>,
            ])}
          </dl>
        )}
      </section>
      <section aria-labelledby="diff-title">
        <h2 id="diff-title">Change</h2>
        {f.diff ? <DiffView diff={f.diff} /> : <p className="muted">No diff.</p>}
      </section>
    </>
  );
};
