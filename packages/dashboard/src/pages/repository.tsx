import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { api, ApiError } from '../api/client.js';
import { requestSchema } from '../api/openapi.js';
import { useMe } from '../api/session.js';
import type { Repository } from '../api/types.js';
import { useApi } from '../api/use-api.js';
import { ScanHistory } from '../components/scan-history.js';
import { SchemaFields, type Values } from '../components/schema-fields.js';
import { ErrorNote, Field, Loading } from '../components/ui.js';

/** Every setting `PATCH /repositories/{id}` accepts, read from the API's schema; errors shown at their field. */
const SettingsForm = ({
  repo,
  onSaved,
}: {
  repo: Repository;
  onSaved: (r: Repository) => void;
}) => {
  const schema = useApi(() => requestSchema('/repositories/{id}', 'patch'), 'settings-schema');
  const [values, setValues] = useState<Values>({ ...repo.settings });
  const [error, setError] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  const settingsSchema = schema.data?.properties?.['settings'];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    setError(undefined);
    api<Repository>('PATCH', `/repositories/${repo.id}`, { body: { settings: values } }).then(
      (r) => {
        setSaved(true);
        onSaved(r);
      },
      setError,
    );
  };
  if (schema.error) return <ErrorNote error={schema.error} />;
  if (!settingsSchema) return <Loading />;
  const errorAt = (path: string) => (error instanceof ApiError ? error.problemAt(path) : undefined);
  return (
    <form onSubmit={submit} aria-labelledby="settings-title" noValidate>
      <h2 id="settings-title">Settings</h2>
      <div className="grid">
        <SchemaFields
          schema={settingsSchema}
          values={values}
          errorAt={errorAt}
          pathPrefix="/settings"
          onChange={(k, v) => setValues((s) => ({ ...s, [k]: v }))}
        />
      </div>
      {error instanceof ApiError && error.problems.length > 0 ? (
        <p className="notice error" role="alert">
          {error.message}: see the fields marked above.
        </p>
      ) : (
        <ErrorNote error={error} />
      )}
      <button type="submit">Save settings</button>
      <span role="status" className="muted">
        {saved ? ' Saved.' : ''}
      </span>
    </form>
  );
};

/** Uploads a SARIF file from the browser, as CI does. */
const UploadForm = ({ repoId, onUploaded }: { repoId: string; onUploaded: () => void }) => {
  const [file, setFile] = useState<File | null>(null);
  const [commit, setCommit] = useState('');
  const [ref, setRef] = useState('');
  const [result, setResult] = useState<{ scan_id: string; warnings_count: number }>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError(new Error('choose a SARIF file'));
    setBusy(true);
    setError(undefined);
    setResult(undefined);
    api<{ scan_id: string; warnings_count: number }>('POST', `/repositories/${repoId}/sarif`, {
      raw: file,
      contentType: 'application/sarif+json',
      query: { commit_sha: commit || undefined, ref: ref || undefined },
    })
      .then((r) => {
        setResult(r);
        onUploaded();
      }, setError)
      .finally(() => setBusy(false));
  };
  const problems = error instanceof ApiError ? error.problems : [];
  return (
    <form onSubmit={submit} aria-labelledby="upload-title" noValidate>
      <h2 id="upload-title">Upload SARIF</h2>
      <div className="grid">
        <Field label="SARIF file">
          {(p) => (
            <input
              {...p}
              type="file"
              accept=".sarif,.json,application/json"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
        <Field
          label="Commit SHA"
          hint="Optional; else taken from the document"
          error={error instanceof ApiError ? error.problemAt('/commit_sha') : undefined}
        >
          {(p) => (
            <input {...p} value={commit} onChange={(e) => setCommit(e.target.value.trim())} />
          )}
        </Field>
        <Field label="Ref" hint="Optional, e.g. refs/heads/main">
          {(p) => <input {...p} value={ref} onChange={(e) => setRef(e.target.value.trim())} />}
        </Field>
      </div>
      <ErrorNote error={error} />
      {problems.length > 0 && (
        <ul className="problems">
          {problems.slice(0, 20).map((p, i) => (
            <li key={i}>
              <code>{p.path}</code> {p.message}
            </li>
          ))}
        </ul>
      )}
      <button type="submit" disabled={busy}>
        {busy ? 'Uploading…' : 'Upload'}
      </button>
      {result && (
        <p role="status" className="notice">
          Accepted: scan <code>{result.scan_id}</code> is queued
          {result.warnings_count > 0 ? ` (${result.warnings_count} warnings)` : ''}.
        </p>
      )}
    </form>
  );
};

/** A repository: settings (admins), scan history, SARIF upload (admins). */
export const RepositoryPage = ({ id }: { id: string }) => {
  const me = useMe();
  const repo = useApi(() => api<Repository>('GET', `/repositories/${id}`), id);
  const [current, setCurrent] = useState<Repository>();
  const [uploads, setUploads] = useState(0);
  if (repo.error) return <ErrorNote error={repo.error} />;
  if (!repo.data) return <Loading />;
  const r = current ?? repo.data;
  return (
    <>
      <h1>{r.name}</h1>
      <p className="muted">
        {r.provider} · default branch <code>{r.default_branch}</code> · {r.status.open_findings}{' '}
        open findings · <Link href={`/findings?repository=${r.id}`}>Findings</Link> ·{' '}
        <Link href={`/fixes?repository=${r.id}`}>Fixes</Link>
      </p>
      {me.role === 'admin' ? (
        <>
          <SettingsForm repo={r} onSaved={setCurrent} />
          <UploadForm repoId={r.id} onUploaded={() => setUploads((n) => n + 1)} />
        </>
      ) : (
        <p className="muted">Settings and uploads are for organization admins.</p>
      )}
      <ScanHistory repoId={r.id} refreshKey={uploads} />
    </>
  );
};
