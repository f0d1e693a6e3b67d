import type { Problem } from '@remediation/contracts';

/**
 * Registration-time checks of a webhook URL: absolute, https, no credentials, no fragment.
 * Where it resolves to is checked when connecting (DNS can change after registration).
 */
export const webhookUrlProblems = (raw: string): Problem[] => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return [{ path: '/url', message: 'must be an absolute URL' }];
  }
  const problems: Problem[] = [];
  if (url.protocol !== 'https:') problems.push({ path: '/url', message: 'must use https' });
  if (url.username || url.password)
    problems.push({ path: '/url', message: 'must not contain credentials' });
  if (url.hash) problems.push({ path: '/url', message: 'must not contain a fragment' });
  if (!url.hostname) problems.push({ path: '/url', message: 'must name a host' });
  return problems;
};
