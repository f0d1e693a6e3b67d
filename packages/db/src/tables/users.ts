import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from './tenancy.js';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** A person who signs in to the dashboard: a local password, an OpenID Connect identity, or both. */
export interface UsersTable {
  id: string;
  /** Lower-cased. */
  email: string;
  /** `scrypt$…` (see `@remediation/security` hashPassword); null for OIDC-only users. */
  password_hash: string | null;
  /** Set for an operator-generated one-time password: the user must choose a new one. */
  password_must_change: Generated<boolean>;
  oidc_issuer: string | null;
  oidc_subject: string | null;
  created_at: CreatedAt;
  password_changed_at: Timestamp | null;
  last_sign_in_at: Timestamp | null;
  disabled_at: Timestamp | null;
}
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

export const ROLES = ['admin', 'member'] as const;
/** `admin`: tokens, webhooks, settings; `member`: read and triage overrides. */
export type Role = (typeof ROLES)[number];

export interface MembershipsTable {
  user_id: string;
  organization_id: string;
  role: Role;
  created_at: CreatedAt;
}
export type MembershipRow = Selectable<MembershipsTable>;

export interface SessionsTable {
  id: string;
  /** SHA-256 of the session id sent in the cookie; the id itself is never stored. */
  session_hash: Buffer;
  user_id: string;
  /** The organization the session acts in. */
  organization_id: string;
  csrf_token: string;
  auth_method: 'password' | 'oidc';
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  /** Absolute end of the session. */
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
}
export type SessionRow = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
