import type { Scan } from '../api/types.js';
import { Badge } from './ui.js';

/** What each action means to the reader (the API's wording, decision 0013). */
const ACTION_HINT: Record<string, string> = {
  dropped: 'removed before processing',
  marked: 'kept; the finding carries the problem and is not fixed',
  ignored: 'kept as written; no effect on processing',
};

/** "and N more" when the scan kept fewer warnings than it had (`warnings_count` is the total). */
export const moreWarningsText = (scan: Pick<Scan, 'warnings' | 'warnings_count'>): string => {
  const more = scan.warnings_count - scan.warnings.length;
  return more > 0 ? `and ${more} more` : '';
};

/** A scan's warnings: where in the document (JSON Pointer), what was wrong, what was done. */
export const ScanWarnings = ({ scan }: { scan: Pick<Scan, 'warnings' | 'warnings_count'> }) => {
  const more = moreWarningsText(scan);
  const actions = [...new Set(scan.warnings.map((w) => w.action))];
  return (
    <>
      <table className="warnings">
        <caption className="sr-only">Warnings</caption>
        <thead>
          <tr>
            <th scope="col">Path</th>
            <th scope="col">Message</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {scan.warnings.map((w, i) => (
            <tr key={i}>
              <td>
                <code>{w.path || '/'}</code>
              </td>
              <td>{w.message}</td>
              <td>
                <Badge value={w.action} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {more && <p>{more} (only the first ones are kept).</p>}
      <p className="hint">
        {actions.map((a, i) => (
          <span key={a}>
            {i > 0 && ' · '}
            <strong>{a}</strong>: {ACTION_HINT[a] ?? a}
          </span>
        ))}
      </p>
    </>
  );
};
