import { Link } from 'wouter';

/** The header of pages seen before signing in; its links lead back here until signed in. */
export const PublicHeader = () => (
  <header className="top">
    <span className="brand">Remediation</span>
    <nav aria-label="Main">
      <ul>
        <li>
          <Link href="/sign-in?next=%2F">Overview</Link>
        </li>
        <li>
          <Link href="/sign-in?next=%2Fsettings%2Ftokens">API Tokens</Link>
        </li>
      </ul>
    </nav>
  </header>
);
