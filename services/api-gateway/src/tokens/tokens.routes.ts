import {
  AccountError,
  activeTokensOf,
  issueToken,
  revokeToken,
  type TokenSummary,
} from '@remediation/accounts';
import {
  type ApiToken,
  ApiTokenCreated,
  ApiTokenList,
  CreateTokenBody,
  Id,
  PageQuery,
} from '@remediation/contracts';
import { paginate, type Db } from '@remediation/db';
import { notFound, validationFailed } from '../http/app-error.js';
import { defineRoute, type RouteDef } from '../http/route.js';
import type { TokenCache } from '../auth/token-cache.js';
import { cursorAfter } from '../repositories/repositories.routes.js';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export const toApiToken = (t: TokenSummary): ApiToken => ({
  id: t.id,
  name: t.name,
  display_prefix: t.display_prefix,
  scope: t.scope,
  repository_id: t.repository_id,
  created_at: t.created_at.toISOString(),
  last_used_at: iso(t.last_used_at),
  expires_at: iso(t.expires_at),
});

/**
 * Token management (Settings > API Tokens): organization admins, through a session or an
 * organization token; repository tokens get 403, members 403 (session policy).
 */
export const tokenRoutes = (db: Db, tokenCache?: TokenCache): RouteDef[] => [
  defineRoute({
    method: 'get',
    path: '/tokens',
    operationId: 'listTokens',
    summary:
      "The organization's API tokens that are not revoked, newest first (never their values)",
    tag: 'Tokens',
    access: 'organization',
    query: PageQuery,
    success: { status: 200, description: 'A page of tokens', schema: ApiTokenList },
    errors: ['validation_failed', 'forbidden'],
    handle: async ({ auth, query }) => {
      const page = await paginate(activeTokensOf(db, auth.organizationId), 'id', {
        limit: query.limit ?? 20,
        after: cursorAfter(query.cursor),
      });
      return { status: 200, body: { ...page, data: page.data.map(toApiToken) } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/tokens',
    operationId: 'createToken',
    summary:
      'Create an API token, organization-wide or for one repository; the value is returned once',
    tag: 'Tokens',
    access: 'organization',
    body: { kind: 'json', schema: CreateTokenBody, required: true },
    success: { status: 201, description: 'The token, with its value', schema: ApiTokenCreated },
    errors: ['validation_failed', 'forbidden', 'unsupported_media_type', 'payload_too_large'],
    handle: async ({ auth, body }) => {
      if (body.scope === 'repository' && body.repository_id === undefined)
        throw validationFailed('a repository token needs repository_id', [
          { path: '/repository_id', message: 'is required when scope is repository' },
        ]);
      if (body.scope === 'organization' && body.repository_id !== undefined)
        throw validationFailed('an organization token has no repository_id', [
          { path: '/repository_id', message: 'must be absent when scope is organization' },
        ]);
      try {
        const { token, summary } = await issueToken(db, {
          organizationId: auth.organizationId,
          name: body.name,
          repositoryId: body.repository_id ?? null,
          expiresAt: body.expires_at === undefined ? null : new Date(body.expires_at),
        });
        return {
          status: 201,
          body: { ...toApiToken(summary), token },
          headers: { Location: `/v1/tokens/${summary.id}`, 'Cache-Control': 'no-store' },
        };
      } catch (err) {
        if (err instanceof AccountError)
          throw validationFailed(err.message, [{ path: err.field ?? '', message: err.message }]);
        throw err;
      }
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/tokens/{id}',
    operationId: 'revokeToken',
    summary: 'Revoke a token: it stops working at once, on every gateway replica',
    tag: 'Tokens',
    access: 'organization',
    params: { id: Id },
    success: { status: 204, description: 'Revoked' },
    errors: ['forbidden', 'not_found'],
    handle: async ({ auth, params }) => {
      if (!(await revokeToken(db, params.id, auth.organizationId))) throw notFound('token');
      // Other replicas drop it when PostgreSQL's change notice arrives; this one at once.
      tokenCache?.evictToken(params.id);
      return { status: 204 };
    },
  }),
];
