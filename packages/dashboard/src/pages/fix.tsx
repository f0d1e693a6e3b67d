import { Link } from 'wouter';
import { api } from '../api/client.js';
import type { FixDetail } from '../api/types.js';
import { useApi } from '../api/use-api.js';
import { DiffView } from '../components/diff-view.js';
import { FixEvaluation } from '../components/fix-evaluation.js';
import { PublishControl } from '../components/publish-control.js';
import { PullRequestRef } from '../components/pull-request-ref.js';
import { Markdown } from '../components/markdown.js';
import { Badge, ErrorNote, formatTime, Loading } from '../components/ui.js';

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
          {f.ai_generated && (
            <>
              {' '}
              <span className="badge badge-ai">AI-generated</span>
            </>
          )}
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
          <PullRequestRef url={f.pr_url} />
        </dd>
      </dl>
      {f.publish_error && (
        <p className="notice error">
          {f.status === 'superseded' ? 'Superseded' : 'Could not publish'}: {f.publish_error}
        </p>
      )}
      <PublishControl fix={f} onPublished={fix.reload} />
      <section aria-labelledby="rationale-title">
        <h2 id="rationale-title">Rationale</h2>
        {f.rationale ? <Markdown source={f.rationale} /> : <p className="muted">No rationale.</p>}
      </section>
      <section aria-labelledby="evaluation-title">
        <h2 id="evaluation-title">Evaluation</h2>
        <FixEvaluation evaluation={f.evaluation} />
      </section>
      <section aria-labelledby="diff-title">
        <h2 id="diff-title">Change</h2>
        {f.diff ? <DiffView diff={f.diff} /> : <p className="muted">No diff.</p>}
      </section>
    </>
  );
};
