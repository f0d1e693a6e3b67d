import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';

/** Page state kept in the URL's query (shareable, survives reload); setting one resets the cursor. */
export const useQueryState = (): [
  URLSearchParams,
  (changes: Record<string, string | undefined>) => void,
] => {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const set = useCallback(
    (changes: Record<string, string | undefined>) => {
      const next = new URLSearchParams(search);
      for (const [k, v] of Object.entries(changes)) {
        if (v === undefined || v === '') next.delete(k);
        else next.set(k, v);
      }
      const qs = next.toString();
      navigate(qs ? `${location}?${qs}` : location, { replace: true });
    },
    [search, location, navigate],
  );
  return [params, set];
};
