import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { api, ApiError } from '../api/client.js';
import { requestSchema } from '../api/openapi.js';
import type { FindingDetail } from '../api/types.js';
import { useApi } from '../api/use-api.js';
import { CodeFlows } from '../components/code-flows.js';
import { SchemaFields, type Values } from '../components/schema-fields.js';
import { TriageVerdict } from '../components/triage-verdict.js';
import { Badge, ErrorNote, Loading } from '../components/ui.js';
import { locationText } from './findings.js';

const safeHref = (uri: string | null | undefined) =>
  uri && /^https?:\/\//i.test(uri) ? uri : undefined;

/**
 * Overriding the triage verdict, offered only when the API has `PATCH /findings/{id}`; its
 * fields are the ones that operation's schema declares.
 */
const OverrideForm = ({
  finding,
  onSaved,
}: {
  finding: FindingDetail;
  onSaved: (f: FindingDetail) => void;
}) => {
  const schema = useApi(() => requestSchema('/findings/{id}', 'patch'), 'override-schema');
  const [values, setValues] = useState<Values>({});
  const [error, setError] = useState<unknown>();
  if (!schema.data) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    api<FindingDetail>('PATCH', `/findings/${finding.id}`, { body: values }).then(
      onSaved,
      setError,
    );
  };
  return (
    <form onSubmit={submit} aria-labelledby="override-title" noValidate>
      <h2 id="override-title">Override triage</h2>
      <SchemaFields
        schema={schema.data}
        values={values}
        errorAt={(p) => (error instanceof ApiError ? error.problemAt(p) : undefined)}
        onChange={(k, v) => setValues((s) => ({ ...s, [k]: v }))}
      />
      <ErrorNote error={error} />
      <button type="submit">Save override</button>
    </form>
  );
};

/** A finding: location, message, triage, rule help, code flows, related locations, properties. */
export const FindingPage = ({ id }: { id: string }) => {
  const loaded = useApi(() => api<FindingDetail>('GET', `/findings/${id}`), id);
  const [updated, setUpdated] = useState<FindingDetail>();
  if (loaded.error) return <ErrorNote error={loaded.error} />;
  if (!loaded.data) return <Loading />;
  const f = updated ?? loaded.data;
  const help = safeHref(f.rule?.help_uri);
  return (
    <>
      <p>
        <Link href={`/findings?repository=${f.repository_id}`}>← Findings</Link>
      </p>
      <h1>
        <Badge value={f.severity} /> {f.rule_id ?? 'Finding without a rule'}
      </h1>
      <p className="message">{f.message}</p>
      <dl className="facts">
        <dt>Location</dt>
        <dd>
          <code>{locationText(f)}</code>
          {f.location?.start_column ? ` (column ${f.location.start_column})` : ''}
        </dd>
        <dt>Tool</dt>
        <dd>{f.tool}</dd>
        <dt>Dataflow</dt>
        <dd>{f.dataflow_tier.replace(/_/g, ' ').toLowerCase()}</dd>
        <dt>State</dt>
        <dd>
          {[
            f.resolved ? 'resolved' : 'open',
            f.suppressed ? 'suppressed' : '',
            f.fixable ? 'fixable' : '',
          ]
            .filter(Boolean)
            .join(', ')}
        </dd>
        {f.problems.length > 0 && (
          <>
            <dt>Problems</dt>
            <dd>{f.problems.join(', ')}</dd>
          </>
        )}
        <dt>Fix</dt>
        <dd>
          {f.fix_id ? (
            <Link href={`/fixes/${f.fix_id}`}>View the fix</Link>
          ) : (
            <span className="muted">{f.fix_note ? `none: ${f.fix_note}` : 'none'}</span>
          )}
        </dd>
      </dl>
      <section aria-labelledby="triage-title">
        <h2 id="triage-title">Triage</h2>
        <TriageVerdict finding={f} />
        <OverrideForm finding={f} onSaved={setUpdated} />
      </section>
      <section aria-labelledby="rule-title">
        <h2 id="rule-title">Rule</h2>
        {f.rule ? (
          <>
            <p>
              <strong>{f.rule.name ?? f.rule.id}</strong> ({f.rule.tool_component})
            </p>
            {f.rule.short_description && <p>{f.rule.short_description}</p>}
            {f.rule.cwe.length > 0 && <p>Weaknesses: {f.rule.cwe.join(', ')}</p>}
            {f.rule.tags.length > 0 && <p className="muted">Tags: {f.rule.tags.join(', ')}</p>}
            {help && (
              <p>
                <a href={help} rel="noopener noreferrer nofollow" target="_blank">
                  Rule documentation
                </a>
              </p>
            )}
          </>
        ) : (
          <p className="muted">The scanner described no rule.</p>
        )}
      </section>
      <section aria-labelledby="flow-title">
        <h2 id="flow-title">Code flow</h2>
        <CodeFlows codeFlows={f.code_flows} />
      </section>
      {Object.keys(f.properties).length > 0 && (
        <details>
          <summary>SARIF properties</summary>
          <pre>{JSON.stringify(f.properties, null, 2)}</pre>
        </details>
      )}
    </>
  );
};
