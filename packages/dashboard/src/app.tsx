import { lazy, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useSession } from './api/session.js';
import { Layout } from './components/layout.js';
import { Loading } from './components/ui.js';
import { ChangePasswordPage } from './pages/change-password.js';
import { CodemodsPage } from './pages/codemods.js';
import { FindingPage } from './pages/finding.js';
import { FindingsPage } from './pages/findings.js';
import { FixesPage } from './pages/fixes.js';
import { OverviewPage } from './pages/overview.js';
import { RepositoryPage } from './pages/repository.js';
import { SignInPage } from './pages/sign-in.js';
import { TokensPage } from './pages/tokens.js';
import { WebhookDeliveriesPage } from './pages/webhook-deliveries.js';
import { WebhooksPage } from './pages/webhooks.js';

// The fix page carries the markdown, sanitizer and diff code: loaded when first opened.
const FixPage = lazy(() => import('./pages/fix.js').then((m) => ({ default: m.FixPage })));

const TITLES: [RegExp, string][] = [
  [/^\/sign-in/, 'Sign in'],
  [/^\/repositories\//, 'Repository'],
  [/^\/findings\/./, 'Finding'],
  [/^\/findings/, 'Findings'],
  [/^\/fixes\/./, 'Fix'],
  [/^\/fixes/, 'Fixes'],
  [/^\/codemods/, 'Codemods'],
  [/^\/webhooks\/./, 'Delivery log'],
  [/^\/webhooks/, 'Webhooks'],
  [/^\/settings\/tokens/, 'API Tokens'],
  [/^\/$/, 'Overview'],
];

/** Keeps the document title in step with the page and moves focus to it (screen readers hear the change). */
const usePageTitle = () => {
  const [location] = useLocation();
  useEffect(() => {
    const title = TITLES.find(([re]) => re.test(location))?.[1] ?? 'Not found';
    document.title = `${title} · Remediation`;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location]);
};

/** Where to go after signing in: the page asked for (same-origin paths only), else the overview. */
const afterSignIn = (): string => {
  const next = new URLSearchParams(window.location.search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/sign-in')
    ? next
    : '/';
};

export const App = () => {
  const { state } = useSession();
  const [location] = useLocation();
  usePageTitle();
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'signed-out')
    return (
      <Switch>
        <Route path="/sign-in">
          <SignInPage reason={state.reason} />
        </Route>
        <Route>
          <Redirect to={`/sign-in?next=${encodeURIComponent(location)}`} replace />
        </Route>
      </Switch>
    );
  if (state.me.password_change_required) return <ChangePasswordPage />;
  return (
    <Layout>
      <Switch>
        <Route path="/sign-in">
          <Redirect to={afterSignIn()} replace />
        </Route>
        <Route path="/">
          <OverviewPage />
        </Route>
        <Route path="/repositories/:id">{(p) => <RepositoryPage id={p.id} />}</Route>
        <Route path="/findings">
          <FindingsPage />
        </Route>
        <Route path="/findings/:id">{(p) => <FindingPage id={p.id} />}</Route>
        <Route path="/fixes">
          <FixesPage />
        </Route>
        <Route path="/fixes/:id">
          {(p) => (
            <Suspense fallback={<Loading />}>
              <FixPage id={p.id} />
            </Suspense>
          )}
        </Route>
        <Route path="/codemods">
          <CodemodsPage />
        </Route>
        <Route path="/webhooks">
          <WebhooksPage />
        </Route>
        <Route path="/webhooks/:id">{(p) => <WebhookDeliveriesPage id={p.id} />}</Route>
        <Route path="/settings/tokens">
          <TokensPage />
        </Route>
        <Route>
          <h1>Not found</h1>
          <p>There is no page here.</p>
        </Route>
      </Switch>
    </Layout>
  );
};
