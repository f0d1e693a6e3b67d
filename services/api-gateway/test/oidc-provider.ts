import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';

export interface TestIdp {
  issuer: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on a local port, with one confidential
 * client and the given accounts (subject → email, verified). Its development login and
 * consent pages are driven by `authorize` below.
 */
export const startIdp = async (options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accounts: Record<string, { email: string; verified: boolean }>;
}): Promise<TestIdp> => {
  const { createServer } = await import('node:http');
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: (_ctx, sub) => {
      const account = options.accounts[sub];
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: account.email, email_verified: account.verified }),
      };
    },
    cookies: { keys: ['test-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));
  return {
    issuer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

/**
 * Plays the person at the provider: follows the authorization URL through the development
 * login (as `subject`) and consent pages, and returns the redirect back to the client.
 */
export const authorize = async (authorizationUrl: string, subject: string): Promise<URL> => {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return res;
  };
  let url = authorizationUrl;
  for (let hop = 0; hop < 20; hop++) {
    const res = await send(url);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (!next.href.startsWith(new URL(authorizationUrl).origin)) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const form = /action="([^"]+)"/.exec(html);
    if (!form)
      throw new Error(`provider page without a form (${res.status}): ${html.slice(0, 300)}`);
    const prompt = html.includes('name="login"') ? 'login' : 'consent';
    const body = new URLSearchParams(
      prompt === 'login' ? { prompt, login: subject, password: 'x' } : { prompt },
    );
    const posted = await send(new URL(form[1]!, url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
    const after = posted.headers.get('location');
    if (!after) throw new Error(`no redirect after ${prompt} (${posted.status})`);
    url = new URL(after, url).href;
  }
  throw new Error('too many redirects at the provider');
};
