import { api } from '../api/client.js';
import type { Codemod } from '../api/types.js';
import { useApi } from '../api/use-api.js';
import { InlineCode } from '../components/inline-code.js';
import { ErrorNote, Field, Loading } from '../components/ui.js';
import { useQueryState } from '../components/use-query-state.js';
import { catalogFacets, filterCodemods, matchingRules } from './codemods-filter.js';

const httpsOnly = (url: string) => (/^https:\/\//i.test(url) ? url : undefined);

const CodemodCard = ({
  codemod: c,
  text,
  scanner,
}: {
  codemod: Codemod;
  text: string;
  scanner: string | undefined;
}) => {
  const matched = new Set(matchingRules(c, text, scanner).map((m) => `${m.scanner} ${m.id}`));
  const scanners = Object.entries(c.rules).filter(([, ids]) => ids.length > 0);
  const total = scanners.reduce((n, [, ids]) => n + ids.length, 0);
  const weaknesses = [...c.cwe.map((n) => `CWE-${n}`), ...c.owasp];
  return (
    <article className="codemod" aria-labelledby={`cm-${c.id}`}>
      <h2 id={`cm-${c.id}`}>{c.title}</h2>
      <p>
        <code>{c.id}</code> · {c.languages.join(', ')}
      </p>
      {weaknesses.length > 0 && <p className="muted">{weaknesses.join(' · ')}</p>}
      <p>
        <InlineCode text={c.description} />
      </p>
      <details open={matched.size > 0}>
        <summary>
          Rules: {total} from {scanners.map(([s]) => s).join(', ')}
        </summary>
        <dl className="facts">
          {scanners.map(([s, ids]) => [
            <dt key={`${s}-t`}>{s}</dt>,
            <dd key={`${s}-d`}>
              <ul className="rules">
                {ids.map((id) => (
                  <li key={id}>
                    {matched.has(`${s} ${id}`) ? (
                      <mark>
                        <code>{id}</code>
                      </mark>
                    ) : (
                      <code>{id}</code>
                    )}
                  </li>
                ))}
              </ul>
            </dd>,
          ])}
        </dl>
      </details>
      {c.references.length > 0 && (
        <ul className="references">
          {c.references.map((r) => {
            const href = httpsOnly(r.url);
            return (
              <li key={r.url}>
                {href ? (
                  <a href={href} rel="noopener noreferrer nofollow" target="_blank">
                    {r.title}
                  </a>
                ) : (
                  r.title
                )}
              </li>
            );
          })}
        </ul>
      )}
    </article>
  );
};

/** The codemod catalog (`GET /v1/codemods`): what can be fixed, searchable by language, scanner and rule id. */
export const CodemodsPage = () => {
  const [params, setParams] = useQueryState();
  const catalog = useApi(() => api<{ data: Codemod[] }>('GET', '/codemods'), 'codemods');
  const language = params.get('language') ?? undefined;
  const scanner = params.get('scanner') ?? undefined;
  const text = params.get('q') ?? '';
  if (catalog.error) return <ErrorNote error={catalog.error} />;
  if (!catalog.data) return <Loading />;
  const all = catalog.data.data;
  const facets = catalogFacets(all);
  const shown = filterCodemods(all, { language, scanner, text });
  return (
    <>
      <h1>Codemods</h1>
      <p className="muted">
        The fixes the service can make: a true-positive finding whose scanner rule is listed here
        gets a fix.
      </p>
      <form
        className="filters"
        role="search"
        aria-label="Filter codemods"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field label="Language">
          {(p) => (
            <select
              {...p}
              value={language ?? ''}
              onChange={(e) => setParams({ language: e.target.value })}
            >
              <option value="">Any</option>
              {facets.languages.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Scanner">
          {(p) => (
            <select
              {...p}
              value={scanner ?? ''}
              onChange={(e) => setParams({ scanner: e.target.value })}
            >
              <option value="">Any</option>
              {facets.scanners.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Rule id, codemod or CWE">
          {(p) => (
            <input
              {...p}
              type="search"
              value={text}
              onChange={(e) => setParams({ q: e.target.value })}
            />
          )}
        </Field>
      </form>
      <p role="status">
        {shown.length} of {all.length} codemods
      </p>
      <div className="codemods">
        {shown.map((c) => (
          <CodemodCard key={c.id} codemod={c} text={text} scanner={scanner} />
        ))}
      </div>
    </>
  );
};
