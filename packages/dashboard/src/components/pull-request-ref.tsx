import { LongCode } from './long-text-cell.js';

/**
 * Where a fix's pull request is. A forge's web address is a link; anything else (a plain git
 * remote's branch, e.g. `file:///srv/git/app.git#remediate/x`) is shown as text, never as a link,
 * since only http(s) addresses are safe to open from here.
 */
export const PullRequestRef = ({ url, short = false }: { url: string | null; short?: boolean }) => {
  if (!url) return <>{short ? '—' : 'none yet'}</>;
  if (/^https?:\/\//.test(url))
    return (
      <a href={url} rel="noopener noreferrer" target="_blank">
        {short ? 'Open' : url}
      </a>
    );
  return short ? <LongCode text={url} max={32} /> : <code className="wrap">{url}</code>;
};
