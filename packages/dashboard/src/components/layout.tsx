import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useMe, useSession } from '../api/session.js';

const NAV = [
  { href: '/', label: 'Overview' },
  { href: '/findings', label: 'Findings' },
  { href: '/fixes', label: 'Fixes' },
  { href: '/codemods', label: 'Codemods' },
  { href: '/webhooks', label: 'Webhooks' },
  { href: '/settings/tokens', label: 'API Tokens' },
] as const;

const isCurrent = (location: string, href: string) =>
  href === '/'
    ? location === '/' || location.startsWith('/repositories')
    : location.startsWith(href);

/** The frame of every signed-in page: skip link, navigation, who is signed in, sign-out. */
export const Layout = ({ children }: { children: ReactNode }) => {
  const me = useMe();
  const { signOut } = useSession();
  const [location] = useLocation();
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <span className="brand">Remediation</span>
        <nav aria-label="Main">
          <ul>
            {NAV.map((n) => (
              <li key={n.href}>
                <Link href={n.href} aria-current={isCurrent(location, n.href) ? 'page' : undefined}>
                  {n.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          <span>
            {me.user?.email} · {me.organization.slug} ({me.role})
          </span>
          <button type="button" className="secondary" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
};
