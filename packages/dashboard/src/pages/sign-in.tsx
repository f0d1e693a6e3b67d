import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../api/client.js';
import { useSession } from '../api/session.js';
import { useApi } from '../api/use-api.js';
import { PublicHeader } from '../components/public-header.js';
import { ErrorNote, Field } from '../components/ui.js';

const SSO_ERRORS: Record<string, string> = {
  sign_in_expired: 'The single sign-on attempt expired. Try again.',
  sso_failed: 'Single sign-on failed. Try again, or ask your administrator.',
  no_account:
    'Your identity provider signed you in, but you have no account here. Ask an administrator to add you.',
  no_organization: 'Your account belongs to no organization yet.',
};

/** Email and password, and single sign-on when the service has it. */
export const SignInPage = ({ reason }: { reason?: string | undefined }) => {
  const { signIn } = useSession();
  const providers = useApi(
    () => api<{ oidc: { name: string } | null }>('GET', '/session/providers'),
    'providers',
  );
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const ssoError = new URLSearchParams(window.location.search).get('error');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    signIn(email, password).catch((err: unknown) => {
      setError(err);
      setBusy(false);
    });
  };
  const fieldError = (path: string) =>
    error instanceof ApiError ? error.problemAt(path) : undefined;
  return (
    <>
      <PublicHeader />
      <main id="main" className="sign-in" tabIndex={-1}>
        <h1>Sign in to Remediation</h1>
        {reason && <p className="notice">{reason}</p>}
        {ssoError && <p className="notice error">{SSO_ERRORS[ssoError] ?? 'Sign-in failed.'}</p>}
        <form onSubmit={submit} noValidate>
          <Field label="Email" error={fieldError('/email')}>
            {(p) => (
              <input
                {...p}
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </Field>
          <Field label="Password" error={fieldError('/password')}>
            {(p) => (
              <input
                {...p}
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
          {error && !(error instanceof ApiError && error.problems.length > 0) ? (
            <ErrorNote error={error} />
          ) : null}
          <button type="submit" disabled={busy}>
            Sign in
          </button>
        </form>
        {providers.data?.oidc && (
          <p className="sso">
            <a className="button secondary" href="/v1/session/oidc/start">
              Sign in with {providers.data.oidc.name}
            </a>
          </p>
        )}
      </main>
    </>
  );
};
