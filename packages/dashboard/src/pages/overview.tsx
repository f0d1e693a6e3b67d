import { Link } from 'wouter';
import { api } from '../api/client.js';
import { useMe } from '../api/session.js';
import { SEVERITIES, type Overview } from '../api/types.js';
import { useApi } from '../api/use-api.js';
import { Badge, ErrorNote, formatTime, Loading } from '../components/ui.js';

/** Repositories with their last scan, open findings by severity, fixes by status and open PRs; queues for admins. */
export const OverviewPage = () => {
  const me = useMe();
  const overview = useApi(() => api<Overview>('GET', '/overview'), 'overview');
  if (overview.error) return <ErrorNote error={overview.error} />;
  if (!overview.data) return <Loading />;
  const { repositories, queues } = overview.data;
  return (
    <>
      <h1>Overview</h1>
      <section aria-labelledby="repos">
        <h2 id="repos">Repositories</h2>
        {repositories.length === 0 ? (
          <p className="muted">
            No repositories yet. An operator adds them with <code>remediate admin create-repo</code>
            .
          </p>
        ) : (
          <div className="scroll">
            <table>
              <caption className="sr-only">Repositories and their state</caption>
              <thead>
                <tr>
                  <th scope="col">Repository</th>
                  <th scope="col">Last scan</th>
                  {SEVERITIES.map((s) => (
                    <th scope="col" key={s} className="num">
                      {s}
                    </th>
                  ))}
                  <th scope="col" className="num">
                    Fixes
                  </th>
                  <th scope="col" className="num">
                    Open PRs
                  </th>
                </tr>
              </thead>
              <tbody>
                {repositories.map((r) => (
                  <tr key={r.id}>
                    <th scope="row">
                      <Link href={`/repositories/${r.id}`}>{r.name}</Link>
                    </th>
                    <td>
                      {r.last_scan ? (
                        <>
                          <Badge value={r.last_scan.state} /> {formatTime(r.last_scan.created_at)}
                        </>
                      ) : (
                        <span className="muted">never</span>
                      )}
                    </td>
                    {SEVERITIES.map((s) => (
                      <td key={s} className="num">
                        {r.open_findings[s] ? (
                          <Link href={`/findings?repository=${r.id}&severity=${s}`}>
                            {r.open_findings[s]}
                          </Link>
                        ) : (
                          0
                        )}
                      </td>
                    ))}
                    <td className="num">
                      <Link href={`/fixes?repository=${r.id}`}>
                        {Object.values(r.fixes).reduce((a, b) => a + b, 0)}
                      </Link>
                    </td>
                    <td className="num">{r.open_prs}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {me.role === 'admin' && queues && (
        <section aria-labelledby="queues">
          <h2 id="queues">Queue health</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">Queue</th>
                <th scope="col" className="num">
                  Waiting
                </th>
                <th scope="col" className="num">
                  Active
                </th>
                <th scope="col" className="num">
                  Delayed
                </th>
                <th scope="col" className="num">
                  Failed
                </th>
              </tr>
            </thead>
            <tbody>
              {queues.map((q) => (
                <tr key={q.name}>
                  <th scope="row">{q.name}</th>
                  <td className="num">{q.waiting}</td>
                  <td className="num">{q.active}</td>
                  <td className="num">{q.delayed}</td>
                  <td className={q.failed > 0 ? 'num warn' : 'num'}>{q.failed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
};
