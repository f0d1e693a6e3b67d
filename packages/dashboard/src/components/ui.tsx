import { useId, type ReactNode } from 'react';
import { ApiError } from '../api/client.js';

/** A labelled form control with its hint and the API's error for it (announced to screen readers). */
export const Field = ({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}) => {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={error ? 'field invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
};

/** An error from the API (or the network) as a message, with its request id for support. */
export const ErrorNote = ({ error }: { error: unknown }) => {
  if (!error) return null;
  const e = error as Error;
  return (
    <div className="notice error" role="alert">
      {e.message}
      {e instanceof ApiError && e.requestId ? <small> (request {e.requestId})</small> : null}
    </div>
  );
};

export const Loading = () => (
  <p className="muted" role="status">
    Loading…
  </p>
);

/** A state or severity as a labelled badge (text, not colour alone). */
export const Badge = ({ value }: { value: string }) => (
  <span className={`badge badge-${value.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}>
    {value.replace(/_/g, ' ')}
  </span>
);

export const formatTime = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

export const formatDuration = (ms: number | null | undefined): string =>
  ms == null
    ? '—'
    : ms < 1000
      ? `${ms} ms`
      : ms < 120_000
        ? `${(ms / 1000).toFixed(1)} s`
        : `${Math.round(ms / 60_000)} min`;

/** Cursor paging: the pages visited are kept so Previous works. */
export const Pager = ({
  hasPrevious,
  hasMore,
  onPrevious,
  onNext,
}: {
  hasPrevious: boolean;
  hasMore: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) => (
  <nav className="pager" aria-label="Pages">
    <button type="button" className="secondary" disabled={!hasPrevious} onClick={onPrevious}>
      Previous
    </button>
    <button type="button" className="secondary" disabled={!hasMore} onClick={onNext}>
      Next
    </button>
  </nav>
);
