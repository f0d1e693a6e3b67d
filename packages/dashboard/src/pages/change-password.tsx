import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../api/client.js';
import { useSession } from '../api/session.js';
import type { Me } from '../api/types.js';
import { PublicHeader } from '../components/public-header.js';
import { ErrorNote, Field } from '../components/ui.js';

/** After signing in with a one-time password: choose one's own before anything else. */
export const ChangePasswordPage = () => {
  const { update, signOut } = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<unknown>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (next !== confirm) {
      setError(
        new ApiError(400, 'validation_failed', 'the passwords differ', undefined, [
          { path: '/confirm', message: 'does not match the new password' },
        ]),
      );
      return;
    }
    api<Me>('POST', '/me/password', {
      body: { current_password: current, new_password: next },
    }).then(update, setError);
  };
  const at = (p: string) => (error instanceof ApiError ? error.problemAt(p) : undefined);
  return (
    <>
      <PublicHeader />
      <main id="main" className="sign-in" tabIndex={-1}>
        <h1>Choose your password</h1>
        <p>
          You signed in with a one-time password. Choose your own (at least 12 characters) to
          continue.
        </p>
        <form onSubmit={submit} noValidate>
          <Field label="One-time password" error={at('/current_password')}>
            {(p) => (
              <input
                {...p}
                type="password"
                autoComplete="current-password"
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
              />
            )}
          </Field>
          <Field label="New password" error={at('/new_password')}>
            {(p) => (
              <input
                {...p}
                type="password"
                autoComplete="new-password"
                value={next}
                onChange={(e) => setNext(e.target.value)}
              />
            )}
          </Field>
          <Field label="Repeat the new password" error={at('/confirm')}>
            {(p) => (
              <input
                {...p}
                type="password"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
            )}
          </Field>
          {error instanceof ApiError && error.problems.length > 0 ? null : (
            <ErrorNote error={error} />
          )}
          <button type="submit">Save password</button>{' '}
          <button type="button" className="secondary" onClick={() => void signOut()}>
            Sign out
          </button>
        </form>
      </main>
    </>
  );
};
