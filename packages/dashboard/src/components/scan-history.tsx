import { useState } from 'react';
import { Link } from 'wouter';
import { api, type Page } from '../api/client.js';
import type { Scan } from '../api/types.js';
import { useApi } from '../api/use-api.js';
import { ScanWarnings } from './scan-warnings.js';
import { Badge, ErrorNote, formatDuration, formatTime, Pager } from './ui.js';
import { useCursor } from './use-cursor.js';

/** One scan of the history; its warnings open in a row beneath it. */
const ScanRow = ({ scan: s, repoId }: { scan: Scan; repoId: string }) => {
  const [open, setOpen] = useState(false);
  const warningsId = `warnings-${s.scan_id}`;
  return (
    <>
      <tr>
        <td>{formatTime(s.created_at)}</td>
        <td>
          <Badge value={s.state} />
          {s.error && <div className="error">{s.error}</div>}
        </td>
        <td>{formatDuration(s.duration_ms)}</td>
        <td>{s.tools.join(', ') || '—'}</td>
        <td className="num">
          <Link href={`/findings?repository=${repoId}&scan_id=${s.scan_id}`}>
            {s.findings_count}
          </Link>
        </td>
        <td className="num">
          {s.fixes_generated > 0 ? (
            <Link href={`/fixes?repository=${repoId}`}>{s.fixes_generated}</Link>
          ) : (
            0
          )}
        </td>
        <td className="num">
          {s.warnings_count === 0 ? (
            0
          ) : (
            <button
              type="button"
              className="link"
              aria-expanded={open}
              aria-controls={warningsId}
              onClick={() => setOpen((o) => !o)}
            >
              {s.warnings_count}
              <span className="sr-only"> warnings</span>
            </button>
          )}
        </td>
        <td>
          <code>{s.commit_sha?.slice(0, 12) ?? '—'}</code>
        </td>
      </tr>
      {open && (
        <tr id={warningsId} className="detail-row">
          <td colSpan={8}>
            <ScanWarnings scan={s} />
          </td>
        </tr>
      )}
    </>
  );
};

/** A repository's scans, newest first: state, duration, tools, findings, fixes, warnings, commit. */
export const ScanHistory = ({ repoId, refreshKey }: { repoId: string; refreshKey: number }) => {
  const paging = useCursor();
  const scans = useApi(
    () =>
      api<Page<Scan>>('GET', `/repositories/${repoId}/scans`, {
        query: { cursor: paging.cursor, limit: 10 },
      }),
    `${repoId}:${paging.cursor}:${refreshKey}`,
  );
  return (
    <section aria-labelledby="scans-title">
      <h2 id="scans-title">Scan history</h2>
      <button type="button" className="secondary" onClick={scans.reload}>
        Refresh
      </button>
      <ErrorNote error={scans.error} />
      {scans.data && scans.data.data.length === 0 && <p className="muted">No scans yet.</p>}
      {scans.data && scans.data.data.length > 0 && (
        <div className="scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">State</th>
                <th scope="col">Duration</th>
                <th scope="col">Tools</th>
                <th scope="col" className="num">
                  Findings
                </th>
                <th scope="col" className="num">
                  Fixes
                </th>
                <th scope="col" className="num">
                  Warnings
                </th>
                <th scope="col">Commit</th>
              </tr>
            </thead>
            <tbody>
              {scans.data.data.map((s) => (
                <ScanRow key={s.scan_id} scan={s} repoId={repoId} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        hasPrevious={paging.hasPrevious}
        hasMore={scans.data?.has_more ?? false}
        onPrevious={paging.previous}
        onNext={() => paging.next(scans.data?.next_cursor ?? null)}
      />
    </section>
  );
};
