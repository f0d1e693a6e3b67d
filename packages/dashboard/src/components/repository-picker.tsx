import { useEffect } from 'react';
import { api, type Page } from '../api/client.js';
import type { Repository } from '../api/types.js';
import { useApi } from '../api/use-api.js';
import { ErrorNote, Field } from './ui.js';

/** Picks one of the organization's repositories (the first when none is chosen yet). */
export const RepositoryPicker = ({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string) => void;
}) => {
  const repos = useApi(
    () => api<Page<Repository>>('GET', '/repositories', { query: { limit: 100 } }),
    'repos',
  );
  const first = repos.data?.data[0]?.id;
  useEffect(() => {
    if (!value && first) onChange(first);
  }, [value, first, onChange]);
  if (repos.error) return <ErrorNote error={repos.error} />;
  return (
    <Field label="Repository">
      {(p) => (
        <select {...p} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
          {(repos.data?.data ?? []).map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
};
