import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { api, ApiError, type Page } from '../api/client.js';
import { useMe } from '../api/session.js';
import { EVENT_TYPES, type Webhook, type WebhookCreated } from '../api/types.js';
import { useApi } from '../api/use-api.js';
import { SecretOnce } from '../components/secret-once.js';
import { ErrorNote, Field, formatTime, Loading } from '../components/ui.js';

const RegisterForm = ({ onCreated }: { onCreated: (w: WebhookCreated) => void }) => {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['*']);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<unknown>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    if (!/^https:\/\//i.test(url.trim())) {
      setError(
        new ApiError(400, 'validation_failed', 'invalid webhook url', undefined, [
          { path: '/url', message: 'must use https' },
        ]),
      );
      return;
    }
    api<WebhookCreated>('POST', '/webhooks', {
      body: { url: url.trim(), events, ...(description ? { description } : {}) },
    }).then((w) => {
      setUrl('');
      setDescription('');
      onCreated(w);
    }, setError);
  };
  const toggle = (t: string, on: boolean) =>
    setEvents((cur) =>
      t === '*'
        ? on
          ? ['*']
          : []
        : on
          ? [...cur.filter((c) => c !== '*'), t]
          : cur.filter((c) => c !== t),
    );
  const at = (p: string) => (error instanceof ApiError ? error.problemAt(p) : undefined);
  return (
    <form onSubmit={submit} aria-labelledby="register-title" noValidate>
      <h2 id="register-title">Register a webhook</h2>
      <Field label="Endpoint URL" hint="HTTPS only" error={at('/url')}>
        {(p) => (
          <input
            {...p}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        )}
      </Field>
      <fieldset className={at('/events') ? 'events invalid' : 'events'}>
        <legend>Events</legend>
        {['*', ...EVENT_TYPES].map((t) => (
          <label key={t}>
            <input
              type="checkbox"
              checked={events.includes(t)}
              onChange={(e) => toggle(t, e.target.checked)}
            />{' '}
            {t === '*' ? 'All events' : t}
          </label>
        ))}
        {at('/events') && (
          <p className="error" role="alert">
            {at('/events')}
          </p>
        )}
      </fieldset>
      <Field label="Description" error={at('/description')}>
        {(p) => (
          <input
            {...p}
            maxLength={200}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      {error instanceof ApiError && error.problems.length > 0 ? null : <ErrorNote error={error} />}
      <button type="submit">Register webhook</button>
    </form>
  );
};

/** Registered webhooks: register (secret shown once), test ping, delete, delivery log. */
export const WebhooksPage = () => {
  const me = useMe();
  const admin = me.role === 'admin';
  const list = useApi(
    () => api<Page<Webhook>>('GET', '/webhooks', { query: { limit: 100 } }),
    'webhooks',
  );
  const [secret, setSecret] = useState<string>();
  const [note, setNote] = useState<string>();
  const [error, setError] = useState<unknown>();
  const ping = (w: Webhook) =>
    api<{ delivery_id: string }>('POST', `/webhooks/${w.id}/test`).then(
      () => setNote(`Ping queued for ${w.url}. See its delivery log.`),
      setError,
    );
  const remove = (w: Webhook) => {
    if (!window.confirm(`Delete the webhook to ${w.url}? No further deliveries will be attempted.`))
      return;
    api('DELETE', `/webhooks/${w.id}`).then(() => {
      setNote(`Deleted the webhook to ${w.url}.`);
      list.reload();
    }, setError);
  };
  return (
    <>
      <h1>Webhooks</h1>
      {secret && (
        <SecretOnce label="Signing secret" value={secret} onDismiss={() => setSecret(undefined)} />
      )}
      {note && (
        <p className="notice" role="status">
          {note}
        </p>
      )}
      <ErrorNote error={error ?? list.error} />
      {!list.data ? (
        <Loading />
      ) : list.data.data.length === 0 ? (
        <p className="muted">No webhooks registered.</p>
      ) : (
        <div className="scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Endpoint</th>
                <th scope="col">Events</th>
                <th scope="col">Secret</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((w) => (
                <tr key={w.id}>
                  <td>
                    <code>{w.url}</code>
                    {w.description && <div className="muted">{w.description}</div>}
                  </td>
                  <td>{w.events.join(', ')}</td>
                  <td>
                    <code>…{w.secret_hint}</code>
                  </td>
                  <td>{formatTime(w.created_at)}</td>
                  <td className="actions">
                    <Link href={`/webhooks/${w.id}`}>Delivery log</Link>
                    {admin && (
                      <>
                        <button type="button" className="secondary" onClick={() => void ping(w)}>
                          Send test ping
                        </button>
                        <button type="button" className="danger" onClick={() => remove(w)}>
                          Delete
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {admin && (
        <RegisterForm
          onCreated={(w) => {
            setSecret(w.secret);
            setNote(`Registered ${w.url}.`);
            list.reload();
          }}
        />
      )}
    </>
  );
};
