/**
 * `fetch` with a deadline per request (the caller's signal still aborts it too). Octokit and the
 * GitLab requester reuse one client for many requests, so the deadline cannot be one signal.
 */
export const fetchWithTimeout =
  (timeoutMs: number, base: typeof fetch = fetch): typeof fetch =>
  (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    return base(input, { ...init, signal });
  };
