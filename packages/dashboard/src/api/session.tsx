import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { api, setCsrfToken, setUnauthorizedHandler } from './client.js';
import type { Me } from './types.js';

type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out'; reason?: string }
  | { status: 'signed-in'; me: Me };

interface SessionValue {
  state: SessionState;
  signIn: (email: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
  /** Replaces the caller after a change (password changed). */
  update: (me: Me) => void;
}

const SessionContext = createContext<SessionValue | undefined>(undefined);

/** Holds who is signed in: loaded from GET /v1/me, ended by any 401. */
export const SessionProvider = ({ children }: { children: ReactNode }) => {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const accept = useCallback((me: Me) => {
    setCsrfToken(me.csrf_token);
    setState({ status: 'signed-in', me });
  }, []);
  useEffect(() => {
    setUnauthorizedHandler(() => {
      setCsrfToken(null);
      setState({ status: 'signed-out', reason: 'Your session ended. Sign in again.' });
    });
    api<Me>('GET', '/me').then(accept, () => setState({ status: 'signed-out' }));
  }, [accept]);
  const value = useMemo<SessionValue>(
    () => ({
      state,
      signIn: async (email, password) =>
        accept(await api<Me>('POST', '/session', { body: { email, password } })),
      signOut: async () => {
        await api('DELETE', '/session');
        setCsrfToken(null);
        setState({ status: 'signed-out' });
      },
      update: accept,
    }),
    [state, accept],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
};

export const useSession = (): SessionValue => {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
};

/** The signed-in caller (only under the signed-in layout). */
export const useMe = (): Me => {
  const { state } = useSession();
  if (state.status !== 'signed-in') throw new Error('not signed in');
  return state.me;
};
