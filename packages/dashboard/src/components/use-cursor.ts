import { useCallback, useState } from 'react';

/** Cursor paging state: the cursor of the current page and the ones before it. */
export const useCursor = () => {
  const [stack, setStack] = useState<(string | undefined)[]>([undefined]);
  const next = useCallback((cursor: string | null) => {
    if (cursor) setStack((s) => [...s, cursor]);
  }, []);
  const previous = useCallback(() => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)), []);
  const reset = useCallback(
    () => setStack((s) => (s.length === 1 && s[0] === undefined ? s : [undefined])),
    [],
  );
  return { cursor: stack[stack.length - 1], hasPrevious: stack.length > 1, next, previous, reset };
};
