import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { api, type Page } from '../api/client.js';
import { useMe } from '../api/session.js';
import {
  DELIVERY_STATUSES,
  EVENT_TYPES,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
} from '../api/types.js';
import { useApi } from '../api/use-api.js';
import { Badge, ErrorNote, Field, formatDuration, formatTime, Pager } from '../components/ui.js';
import { useCursor } from '../components/use-cursor.js';
import { useQueryState } from '../components/use-query-state.js';

/** Every attempt of one delivery: time, status code or error class, duration, response excerpt. */
const Attempts = ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) => {
  const detail = useApi(
    () => api<WebhookDeliveryDetail>('GET', `/webhooks/${webhookId}/deliveries/${deliveryId}`),
    deliveryId,
  );
  if (detail.error) return <ErrorNote error={detail.error} />;
  if (!detail.data) return null;
  if (detail.data.attempts.length === 0) return <p className="muted">No attempt yet.</p>;
  return (
    <table className="attempts">
      <caption>Attempts</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Time</th>
          <th scope="col">Result</th>
          <th scope="col">Duration</th>
          <th scope="col">Response</th>
        </tr>
      </thead>
      <tbody>
        {detail.data.attempts.map((a) => (
          <tr key={a.attempt_number}>
            <td>{a.attempt_number}</td>
            <td>{formatTime(a.started_at)}</td>
            <td>
              {a.status_code !== null ? `HTTP ${a.status_code}` : ''}{' '}
              {a.error_class && <Badge value={a.error_class} />}
            </td>
            <td>{formatDuration(a.duration_ms)}</td>
            <td>
              {a.response_excerpt ? <pre className="excerpt">{a.response_excerpt}</pre> : '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
};

/** A webhook's delivery log with filters; each delivery's attempts; redeliver. */
export const WebhookDeliveriesPage = ({ id }: { id: string }) => {
  const me = useMe();
  const [params, setParams] = useQueryState();
  const status = params.get('status') ?? undefined;
  const eventType = params.get('event_type') ?? undefined;
  const paging = useCursor();
  const { reset } = paging;
  useEffect(() => reset(), [status, eventType, reset]);
  const deliveries = useApi(
    () =>
      api<Page<WebhookDelivery>>('GET', `/webhooks/${id}/deliveries`, {
        query: { status, event_type: eventType, cursor: paging.cursor, limit: 20 },
      }),
    `${id}|${status}|${eventType}|${paging.cursor}`,
  );
  const [open, setOpen] = useState<string>();
  const [error, setError] = useState<unknown>();
  const [note, setNote] = useState<string>();
  const redeliver = (d: WebhookDelivery) =>
    api<{ delivery_id: string }>('POST', `/webhooks/${id}/deliveries/${d.id}/redeliver`).then(
      (r) => {
        setNote(`Redelivery queued (${r.delivery_id}).`);
        deliveries.reload();
      },
      setError,
    );
  return (
    <>
      <p>
        <Link href="/webhooks">← Webhooks</Link>
      </p>
      <h1>Delivery log</h1>
      <form
        className="filters"
        role="search"
        aria-label="Filter deliveries"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field label="Status">
          {(p) => (
            <select
              {...p}
              value={status ?? ''}
              onChange={(e) => setParams({ status: e.target.value })}
            >
              <option value="">Any</option>
              {DELIVERY_STATUSES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Event">
          {(p) => (
            <select
              {...p}
              value={eventType ?? ''}
              onChange={(e) => setParams({ event_type: e.target.value })}
            >
              <option value="">Any</option>
              {EVENT_TYPES.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          )}
        </Field>
        <button type="button" className="secondary" onClick={deliveries.reload}>
          Refresh
        </button>
      </form>
      {note && (
        <p className="notice" role="status">
          {note}
        </p>
      )}
      <ErrorNote error={error ?? deliveries.error} />
      {deliveries.data && deliveries.data.data.length === 0 && (
        <p className="muted">No deliveries match.</p>
      )}
      {deliveries.data && deliveries.data.data.length > 0 && (
        <ul className="deliveries">
          {deliveries.data.data.map((d) => (
            <li key={d.id} className="delivery">
              <div className="delivery-row">
                <Badge value={d.status} />
                <code>{d.event_type}</code>
                <span>{formatTime(d.created_at)}</span>
                <span className="muted">
                  {d.attempt_count} attempt{d.attempt_count === 1 ? '' : 's'}
                  {d.next_attempt_at ? `, next ${formatTime(d.next_attempt_at)}` : ''}
                  {d.redelivery_of ? ', redelivery' : ''}
                </span>
                <button
                  type="button"
                  className="secondary"
                  aria-expanded={open === d.id}
                  onClick={() => setOpen(open === d.id ? undefined : d.id)}
                >
                  {open === d.id ? 'Hide attempts' : 'Show attempts'}
                </button>
                {me.role === 'admin' && d.status !== 'pending' && (
                  <button type="button" className="secondary" onClick={() => void redeliver(d)}>
                    Redeliver
                  </button>
                )}
              </div>
              {open === d.id && <Attempts webhookId={id} deliveryId={d.id} />}
            </li>
          ))}
        </ul>
      )}
      <Pager
        hasPrevious={paging.hasPrevious}
        hasMore={deliveries.data?.has_more ?? false}
        onPrevious={paging.previous}
        onNext={() => paging.next(deliveries.data?.next_cursor ?? null)}
      />
    </>
  );
};
