import type { GitIdentity } from '../types.js';

/** The trailer that marks a commit as made by this service for one branch. */
export const OWNERSHIP_TRAILER = 'Remediation-Branch';

const trailerLine = (branch: string) => `${OWNERSHIP_TRAILER}: ${branch}`;

/**
 * The commit message with the ownership trailer for `branch` appended (once), so a later run
 * can tell its own commit from a person's on the same branch name.
 */
export const withOwnershipTrailer = (message: string, branch: string): string => {
  const line = trailerLine(branch);
  const trimmed = message.replace(/\s+$/, '');
  if (trimmed.split('\n').includes(line)) return `${trimmed}\n`;
  const lastParagraph = trimmed.split(/\n\s*\n/).pop() ?? '';
  const endsWithTrailers =
    lastParagraph !== '' &&
    lastParagraph !== trimmed &&
    lastParagraph.split('\n').every((l) => /^[A-Za-z0-9-]+: \S/.test(l));
  return `${trimmed}${endsWithTrailers ? '\n' : '\n\n'}${line}\n`;
};

/**
 * Whether a branch head commit was made by this service: it carries the trailer for `branch`,
 * or its author email is one of ours (the configured author or committer).
 */
export const isOwnCommit = (
  commit: { message: string; authorEmail: string | null | undefined },
  branch: string,
  identities: readonly (GitIdentity | undefined)[],
): boolean => {
  if (commit.message.split('\n').some((l) => l.trim() === trailerLine(branch))) return true;
  const email = commit.authorEmail?.toLowerCase();
  return (
    email !== undefined &&
    identities.some((id) => id !== undefined && id.email.toLowerCase() === email)
  );
};
