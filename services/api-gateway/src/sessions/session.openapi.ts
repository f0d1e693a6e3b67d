import { Me, SignInBody } from '@remediation/contracts';
import { toOpenApiSchema } from '../openapi/to-openapi-schema.js';
import { SESSION_COOKIE } from './session-settings.js';

type Json = Record<string, unknown>;

const error = (status: number): Json => ({ $ref: `#/components/responses/Error${status}` });

const sessionPaths = (oidc: boolean): Record<string, Json> => ({
  '/session': {
    post: {
      operationId: 'signIn',
      summary: 'Sign in with email and password; sets the HttpOnly session cookie',
      tags: ['Account'],
      security: [],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: toOpenApiSchema(SignInBody) } },
      },
      responses: {
        '200': {
          description: `Signed in: \`Set-Cookie: ${SESSION_COOKIE}\` (HttpOnly, Secure, SameSite=Strict); the body carries the CSRF token`,
          content: { 'application/json': { schema: toOpenApiSchema(Me) } },
        },
        '400': error(400),
        '401': error(401),
        '403': error(403),
        '415': error(415),
        '429': error(429),
        '500': error(500),
      },
    },
    delete: {
      operationId: 'signOut',
      summary: 'Sign out: the session ends and its cookie is cleared (needs X-CSRF-Token)',
      tags: ['Account'],
      security: [{ sessionCookie: [] }],
      responses: { '204': { description: 'Signed out' }, '403': error(403), '500': error(500) },
    },
  },
  '/session/providers': {
    get: {
      operationId: 'getSignInProviders',
      summary: 'How people can sign in here (password, and single sign-on when configured)',
      tags: ['Account'],
      security: [],
      responses: {
        '200': {
          description: 'Sign-in methods',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['password', 'oidc'],
                properties: {
                  password: { type: 'boolean' },
                  oidc: {
                    type: 'object',
                    nullable: true,
                    required: ['name'],
                    properties: { name: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  ...(oidc
    ? {
        '/session/oidc/start': {
          get: {
            operationId: 'startSingleSignOn',
            summary: 'Redirects to the OpenID Connect provider (authorization code with PKCE)',
            tags: ['Account'],
            security: [],
            responses: { '302': { description: 'To the provider' }, '500': error(500) },
          },
        },
        '/session/oidc/callback': {
          get: {
            operationId: 'finishSingleSignOn',
            summary:
              "The provider's redirect back: starts a session and redirects to the dashboard (or to `/sign-in?error=…`)",
            tags: ['Account'],
            security: [],
            responses: { '302': { description: 'To the dashboard or the sign-in page' } },
          },
        },
      }
    : {}),
});

/**
 * Adds the session endpoints (served outside the bearer guard) to the OpenAPI document, and the
 * session cookie as the alternative to a bearer token on every guarded operation.
 */
export const withSessionDocs = (doc: Json, options: { oidc: boolean }): Json => {
  const paths = doc['paths'] as Record<string, Record<string, Json>>;
  for (const ops of Object.values(paths))
    for (const op of Object.values(ops))
      op['security'] = [{ bearerAuth: [] }, { sessionCookie: [] }];
  Object.assign(paths, sessionPaths(options.oidc));
  const components = doc['components'] as { securitySchemes: Record<string, Json> };
  components.securitySchemes['sessionCookie'] = {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'Dashboard session (sign in with POST /session); state-changing requests also need the `X-CSRF-Token` header',
  };
  doc['security'] = [{ bearerAuth: [] }, { sessionCookie: [] }];
  return doc;
};
