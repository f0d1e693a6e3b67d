import { useCallback, useEffect } from 'react';
import { Link } from 'wouter';
import { api, type Page } from '../api/client.js';
import { FIX_STATUSES, type Fix } from '../api/types.js';
import { useApi } from '../api/use-api.js';
import { LongCode } from '../components/long-text-cell.js';
import { PullRequestRef } from '../components/pull-request-ref.js';
import { RepositoryPicker } from '../components/repository-picker.js';
import { Badge, ErrorNote, Field, formatTime, Pager } from '../components/ui.js';
import { useCursor } from '../components/use-cursor.js';
import { useQueryState } from '../components/use-query-state.js';

/** A repository's fixes, by status. */
export const FixesPage = () => {
  const [params, setParams] = useQueryState();
  const repository = params.get('repository') ?? undefined;
  const status = params.get('status') ?? undefined;
  const paging = useCursor();
  const { reset } = paging;
  useEffect(() => reset(), [repository, status, reset]);
  const fixes = useApi(
    () =>
      repository
        ? api<Page<Fix>>('GET', `/repositories/${repository}/fixes`, {
            query: { status, cursor: paging.cursor, limit: 25 },
          })
        : Promise.resolve(undefined),
    `${repository}|${status}|${paging.cursor}`,
  );
  const pick = useCallback((id: string) => setParams({ repository: id }), [setParams]);
  return (
    <>
      <h1>Fixes</h1>
      <form
        className="filters"
        role="search"
        aria-label="Filter fixes"
        onSubmit={(e) => e.preventDefault()}
      >
        <RepositoryPicker value={repository} onChange={pick} />
        <Field label="Status">
          {(p) => (
            <select
              {...p}
              value={status ?? ''}
              onChange={(e) => setParams({ status: e.target.value })}
            >
              <option value="">Any</option>
              {FIX_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          )}
        </Field>
      </form>
      <ErrorNote error={fixes.error} />
      {fixes.data && fixes.data.data.length === 0 && (
        <p className="muted">
          No fixes{status ? ` with status ${status.replace(/_/g, ' ')}` : ''} yet.
        </p>
      )}
      {fixes.data && fixes.data.data.length > 0 && (
        <div className="scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Summary</th>
                <th scope="col">Codemod</th>
                <th scope="col" className="num">
                  Files
                </th>
                <th scope="col" className="num">
                  Findings
                </th>
                <th scope="col">Pull request</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {fixes.data.data.map((f) => (
                <tr key={f.id}>
                  <td>
                    <Badge value={f.status} />
                  </td>
                  <td>
                    <Link href={`/fixes/${f.id}`}>{f.summary}</Link>
                  </td>
                  <td>
                    <LongCode text={f.codemod} />
                  </td>
                  <td className="num">{f.files_changed}</td>
                  <td className="num">{f.finding_ids.length}</td>
                  <td>
                    <PullRequestRef url={f.pr_url} short />
                  </td>
                  <td>{formatTime(f.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        hasPrevious={paging.hasPrevious}
        hasMore={fixes.data?.has_more ?? false}
        onPrevious={paging.previous}
        onNext={() => paging.next(fixes.data?.next_cursor ?? null)}
      />
    </>
  );
};
