import { useCallback, useEffect } from 'react';
import { Link } from 'wouter';
import { api, type Page } from '../api/client.js';
import { CLASSIFICATIONS, SEVERITIES, type Finding } from '../api/types.js';
import { useApi } from '../api/use-api.js';
import { LongCode } from '../components/long-text-cell.js';
import { RepositoryPicker } from '../components/repository-picker.js';
import { Badge, ErrorNote, Field, Loading, Pager } from '../components/ui.js';
import { useCursor } from '../components/use-cursor.js';
import { useQueryState } from '../components/use-query-state.js';

const FILTERS = ['classification', 'severity', 'rule_id', 'scan_id'] as const;

export const locationText = (f: Pick<Finding, 'location'>): string =>
  f.location ? `${f.location.uri}${f.location.start_line ? `:${f.location.start_line}` : ''}` : '—';

/** A repository's findings with the API's filters, cursor paging and triage verdicts. */
export const FindingsPage = () => {
  const [params, setParams] = useQueryState();
  const repository = params.get('repository') ?? undefined;
  const filters = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? undefined]));
  const paging = useCursor();
  const { reset } = paging;
  const filterKey = `${repository}|${FILTERS.map((k) => filters[k] ?? '').join('|')}`;
  useEffect(() => reset(), [filterKey, reset]);
  const findings = useApi(
    () =>
      repository
        ? api<Page<Finding>>('GET', `/repositories/${repository}/findings`, {
            query: { ...filters, cursor: paging.cursor, limit: 25 },
          })
        : Promise.resolve(undefined),
    `${filterKey}|${paging.cursor}`,
  );
  const pick = useCallback((id: string) => setParams({ repository: id }), [setParams]);
  return (
    <>
      <h1>Findings</h1>
      <form
        className="filters"
        role="search"
        aria-label="Filter findings"
        onSubmit={(e) => e.preventDefault()}
      >
        <RepositoryPicker value={repository} onChange={pick} />
        <Field label="Severity">
          {(p) => (
            <select
              {...p}
              value={filters['severity'] ?? ''}
              onChange={(e) => setParams({ severity: e.target.value })}
            >
              <option value="">Any</option>
              {SEVERITIES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Verdict">
          {(p) => (
            <select
              {...p}
              value={filters['classification'] ?? ''}
              onChange={(e) => setParams({ classification: e.target.value })}
            >
              <option value="">Any</option>
              {CLASSIFICATIONS.map((c) => (
                <option key={c} value={c}>
                  {c.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Rule">
          {(p) => (
            <input
              {...p}
              defaultValue={filters['rule_id'] ?? ''}
              onBlur={(e) => setParams({ rule_id: e.target.value.trim() })}
            />
          )}
        </Field>
        <Field label="Scan id">
          {(p) => (
            <input
              {...p}
              defaultValue={filters['scan_id'] ?? ''}
              onBlur={(e) => setParams({ scan_id: e.target.value.trim() })}
            />
          )}
        </Field>
      </form>
      <ErrorNote error={findings.error} />
      {findings.loading && !findings.data && repository && <Loading />}
      {findings.data && findings.data.data.length === 0 && (
        <p className="muted">No findings match.</p>
      )}
      {findings.data && findings.data.data.length > 0 && (
        <div className="scroll">
          <table className="findings">
            <thead>
              <tr>
                <th scope="col">Severity</th>
                <th scope="col">Rule</th>
                <th scope="col">Message</th>
                <th scope="col">Location</th>
                <th scope="col">Verdict</th>
                <th scope="col" className="num">
                  Confidence
                </th>
                <th scope="col">Justification</th>
              </tr>
            </thead>
            <tbody>
              {findings.data.data.map((f) => (
                <tr key={f.id} className={f.resolved ? 'resolved' : undefined}>
                  <td>
                    <Badge value={f.severity} />
                  </td>
                  <td>
                    <LongCode text={f.rule_id ?? '—'} />
                    <div className="muted">{f.tool}</div>
                  </td>
                  <td>
                    <Link href={`/findings/${f.id}`}>
                      {f.message.length > 140 ? `${f.message.slice(0, 140)}…` : f.message}
                    </Link>
                    {f.resolved && <div className="muted">resolved</div>}
                    {f.suppressed && <div className="muted">suppressed</div>}
                  </td>
                  <td>
                    <LongCode text={locationText(f)} max={40} />
                  </td>
                  <td>
                    {f.triage ? (
                      <Badge value={f.triage.classification} />
                    ) : (
                      <span className="muted">not triaged</span>
                    )}
                  </td>
                  <td className="num">
                    {f.triage ? `${Math.round(f.triage.confidence * 100)}%` : '—'}
                  </td>
                  <td className="clip">{f.triage?.justification ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        hasPrevious={paging.hasPrevious}
        hasMore={findings.data?.has_more ?? false}
        onPrevious={paging.previous}
        onNext={() => paging.next(findings.data?.next_cursor ?? null)}
      />
    </>
  );
};
