import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, Page, SEVERITIES, Timestamp } from './common.js';
import { FIX_STATUSES } from './fixes.js';

/** Roles of a person in an organization: `admin` (tokens, webhooks, settings) or `member` (read, triage overrides). */
export const Role = Type.Union([Type.Literal('admin'), Type.Literal('member')]);

const tokenProperties = {
  id: Id,
  name: Type.String(),
  display_prefix: Type.String({ description: 'Start of the token, enough to recognize it' }),
  scope: Type.Union([Type.Literal('organization'), Type.Literal('repository')]),
  repository_id: Nullable(Id),
  created_at: Timestamp,
  last_used_at: Nullable(Timestamp),
  expires_at: Nullable(Timestamp),
};

export const ApiToken = Type.Object(tokenProperties, {
  additionalProperties: false,
  title: 'ApiToken',
});
export type ApiToken = Static<typeof ApiToken>;

export const ApiTokenCreated = Type.Object(
  {
    ...tokenProperties,
    token: Type.String({ description: 'The token: returned once, at creation, never again' }),
  },
  { additionalProperties: false, title: 'ApiTokenCreated' },
);
export type ApiTokenCreated = Static<typeof ApiTokenCreated>;
export const ApiTokenList = Page(ApiToken, 'ApiTokenList');

export const CreateTokenBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scope: Type.Union([Type.Literal('organization'), Type.Literal('repository')]),
    repository_id: Type.Optional(
      Type.String({ format: 'uuid', description: 'Required when scope is `repository`' }),
    ),
    expires_at: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'When the token stops working; none = never',
      }),
    ),
  },
  { additionalProperties: false, title: 'CreateTokenBody' },
);
export type CreateTokenBody = Static<typeof CreateTokenBody>;

export const SignInBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 256 }),
    organization: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 63,
        description: 'Slug; default the first membership',
      }),
    ),
  },
  { additionalProperties: false, title: 'SignInBody' },
);
export type SignInBody = Static<typeof SignInBody>;

export const ChangePasswordBody = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: 256 }),
    new_password: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false, title: 'ChangePasswordBody' },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

const OrganizationRef = Type.Object(
  { id: Id, slug: Type.String() },
  { additionalProperties: false },
);

/** Who the caller is: a signed-in person (`session`) or an API token (`token`). */
export const Me = Type.Object(
  {
    kind: Type.Union([Type.Literal('session'), Type.Literal('token')]),
    organization: OrganizationRef,
    role: Role,
    scope: Type.Union([Type.Literal('organization'), Type.Literal('repository')]),
    repository_id: Nullable(Id),
    user: Nullable(Type.Object({ id: Id, email: Type.String() }, { additionalProperties: false })),
    memberships: Type.Array(
      Type.Object({ organization: OrganizationRef, role: Role }, { additionalProperties: false }),
    ),
    csrf_token: Nullable(
      Type.String({
        description: 'Send as `X-CSRF-Token` on every state-changing request of this session',
      }),
    ),
    session_expires_at: Nullable(Timestamp),
    password_change_required: Type.Boolean({
      description:
        'A one-time password was used: only `POST /me/password` and sign-out work until it is changed',
    }),
  },
  { additionalProperties: false, title: 'Me' },
);
export type Me = Static<typeof Me>;

const counts = (keys: readonly string[]) =>
  Type.Object(Object.fromEntries(keys.map((k) => [k, Type.Integer({ minimum: 0 })])), {
    additionalProperties: false,
  });

export const QueueHealth = Type.Object(
  {
    name: Type.String(),
    waiting: Type.Integer({ minimum: 0 }),
    active: Type.Integer({ minimum: 0 }),
    delayed: Type.Integer({ minimum: 0 }),
    failed: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

/** `GET /overview`: the dashboard's first page in one call. */
export const Overview = Type.Object(
  {
    repositories: Type.Array(
      Type.Object(
        {
          id: Id,
          name: Type.String(),
          last_scan: Nullable(
            Type.Object(
              {
                scan_id: Id,
                state: Type.String(),
                created_at: Timestamp,
                completed_at: Nullable(Timestamp),
              },
              { additionalProperties: false },
            ),
          ),
          open_findings: counts(SEVERITIES),
          fixes: counts(FIX_STATUSES),
          open_prs: Type.Integer({ minimum: 0 }),
        },
        { additionalProperties: false },
      ),
      { description: 'The first 100 repositories, newest first' },
    ),
    queues: Type.Union([Type.Array(QueueHealth), Type.Null()], {
      description: 'Job counts per queue; for organization admins (null otherwise)',
    }),
  },
  { additionalProperties: false, title: 'Overview' },
);
export type Overview = Static<typeof Overview>;
