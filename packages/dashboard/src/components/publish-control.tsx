import { useState } from 'react';
import { api } from '../api/client.js';
import { hasOperation } from '../api/openapi.js';
import { useMe } from '../api/session.js';
import type { FixDetail } from '../api/types.js';
import { useApi } from '../api/use-api.js';
import { ErrorNote } from './ui.js';

/**
 * "Open pull request" for a generated fix, offered to admins only when the API has
 * `POST /fixes/{id}/publish` (read from its OpenAPI document, so the button appears once the
 * operation is deployed). The API answers 202 and the pr-publisher opens the pull request.
 */
export const PublishControl = ({
  fix,
  onPublished,
}: {
  fix: Pick<FixDetail, 'id' | 'status'>;
  onPublished: () => void;
}) => {
  const me = useMe();
  const offered = useApi(() => hasOperation('/fixes/{id}/publish', 'post'), 'publish-operation');
  const [busy, setBusy] = useState(false);
  const [queued, setQueued] = useState(false);
  const [error, setError] = useState<unknown>();
  if (me.role !== 'admin' || offered.data !== true || (fix.status !== 'generated' && !queued))
    return null;
  const publish = () => {
    setBusy(true);
    setError(undefined);
    api('POST', `/fixes/${fix.id}/publish`)
      .then(() => {
        setQueued(true);
        onPublished();
      }, setError)
      .finally(() => setBusy(false));
  };
  return (
    <div className="actions publish">
      {!queued && (
        <button type="button" onClick={publish} disabled={busy}>
          {busy ? 'Publishing…' : 'Publish pull request'}
        </button>
      )}
      <span role="status">
        {queued ? 'Publishing queued: the pull request opens shortly (refresh to see it).' : ''}
      </span>
      <ErrorNote error={error} />
    </div>
  );
};
