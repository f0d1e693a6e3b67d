import { useState, type FormEvent } from 'react';
import { api, ApiError, type Page } from '../api/client.js';
import { useMe } from '../api/session.js';
import type { ApiToken, ApiTokenCreated, Repository } from '../api/types.js';
import { useApi } from '../api/use-api.js';
import { SecretOnce } from '../components/secret-once.js';
import { ErrorNote, Field, formatTime, Loading } from '../components/ui.js';

const EXPIRIES = [
  { label: 'Never', days: 0 },
  { label: '30 days', days: 30 },
  { label: '90 days (recommended rotation)', days: 90 },
  { label: '1 year', days: 365 },
];

const CreateForm = ({
  repos,
  onCreated,
}: {
  repos: Repository[];
  onCreated: (t: ApiTokenCreated) => void;
}) => {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'organization' | 'repository'>('repository');
  const [repositoryId, setRepositoryId] = useState('');
  const [days, setDays] = useState(90);
  const [error, setError] = useState<unknown>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const body = {
      name: name.trim(),
      scope,
      ...(scope === 'repository' ? { repository_id: repositoryId || repos[0]?.id } : {}),
      ...(days > 0 ? { expires_at: new Date(Date.now() + days * 86_400_000).toISOString() } : {}),
    };
    api<ApiTokenCreated>('POST', '/tokens', { body }).then((t) => {
      setName('');
      onCreated(t);
    }, setError);
  };
  const at = (p: string) => (error instanceof ApiError ? error.problemAt(p) : undefined);
  return (
    <form onSubmit={submit} aria-labelledby="create-title" noValidate>
      <h2 id="create-title">Create token</h2>
      <div className="grid">
        <Field label="Token name" hint="Where it is used, e.g. the CI pipeline" error={at('/name')}>
          {(p) => (
            <input {...p} maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <fieldset>
          <legend>Scope</legend>
          <label>
            <input
              type="radio"
              name="scope"
              checked={scope === 'repository'}
              onChange={() => setScope('repository')}
            />{' '}
            One repository
          </label>
          <label>
            <input
              type="radio"
              name="scope"
              checked={scope === 'organization'}
              onChange={() => setScope('organization')}
            />{' '}
            Whole organization
          </label>
        </fieldset>
        {scope === 'repository' && (
          <Field label="Token repository" error={at('/repository_id')}>
            {(p) => (
              <select
                {...p}
                value={repositoryId || repos[0]?.id || ''}
                onChange={(e) => setRepositoryId(e.target.value)}
              >
                {repos.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field label="Expires" error={at('/expires_at')}>
          {(p) => (
            <select {...p} value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {EXPIRIES.map((x) => (
                <option key={x.days} value={x.days}>
                  {x.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {error instanceof ApiError && error.problems.length > 0 ? null : <ErrorNote error={error} />}
      {scope === 'repository' && repos.length === 0 && (
        <p className="muted">There is no repository to scope a token to yet.</p>
      )}
      <button type="submit" disabled={scope === 'repository' && repos.length === 0}>
        Create token
      </button>
    </form>
  );
};

/** Settings > API Tokens: create (value shown once), list, revoke. */
export const TokensPage = () => {
  const me = useMe();
  const tokens = useApi(
    () =>
      me.role === 'admin'
        ? api<Page<ApiToken>>('GET', '/tokens', { query: { limit: 100 } })
        : Promise.resolve(undefined),
    'tokens',
  );
  const repos = useApi(
    () => api<Page<Repository>>('GET', '/repositories', { query: { limit: 100 } }),
    'token-repos',
  );
  const [created, setCreated] = useState<ApiTokenCreated>();
  const [error, setError] = useState<unknown>();
  const repoName = (id: string | null) =>
    repos.data?.data.find((r) => r.id === id)?.name ?? id ?? '';
  const revoke = (t: ApiToken) => {
    if (!window.confirm(`Revoke "${t.name}"? Anything using it stops working at once.`)) return;
    api('DELETE', `/tokens/${t.id}`).then(tokens.reload, setError);
  };
  if (me.role !== 'admin')
    return (
      <>
        <h1>API Tokens</h1>
        <p className="muted">API tokens are managed by organization admins.</p>
      </>
    );
  return (
    <>
      <h1>API Tokens</h1>
      {created && (
        <SecretOnce
          label={`Token "${created.name}"`}
          value={created.token}
          onDismiss={() => setCreated(undefined)}
        />
      )}
      <ErrorNote error={error ?? tokens.error} />
      {!tokens.data ? (
        <Loading />
      ) : tokens.data.data.length === 0 ? (
        <p className="muted">No tokens.</p>
      ) : (
        <div className="scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Prefix</th>
                <th scope="col">Scope</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.data.map((t) => (
                <tr key={t.id}>
                  <td>{t.name}</td>
                  <td>
                    <code>{t.display_prefix}…</code>
                  </td>
                  <td>
                    {t.scope === 'organization'
                      ? 'Organization'
                      : `Repository ${repoName(t.repository_id)}`}
                  </td>
                  <td>{formatTime(t.created_at)}</td>
                  <td>{t.last_used_at ? formatTime(t.last_used_at) : 'never'}</td>
                  <td>
                    {t.expires_at ? formatTime(t.expires_at) : 'never'}
                    {t.expires_at && new Date(t.expires_at) < new Date() ? ' (expired)' : ''}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => revoke(t)}
                      aria-label={`Revoke ${t.name}`}
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CreateForm
        repos={repos.data?.data ?? []}
        onCreated={(t) => {
          setCreated(t);
          tokens.reload();
        }}
      />
    </>
  );
};
