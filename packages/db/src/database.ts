import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { preparingPool } from './prepared-pool.js';
import type {
  FixesTable,
  ForgeEventsTable,
  PullRequestsTable,
  SarifIntegrationsTable,
} from './tables/fixes.js';
import type {
  FindingAuditTable,
  FindingsTable,
  SarifDocumentsTable,
  ScanBatchesTable,
  ScanFindingsTable,
  ScansTable,
  TriageOverridesTable,
  TriageResultsTable,
} from './tables/scans.js';
import type { RepositoryCredentialsTable } from './tables/repository-credentials.js';
import type { ApiTokensTable, OrganizationsTable, RepositoriesTable } from './tables/tenancy.js';
import type { MembershipsTable, SessionsTable, UsersTable } from './tables/users.js';
import type {
  OutboxTable,
  WebhookDeliveriesTable,
  WebhookDeliveryAttemptsTable,
  WebhooksTable,
} from './tables/webhooks.js';

export interface Database {
  organizations: OrganizationsTable;
  api_tokens: ApiTokensTable;
  repositories: RepositoriesTable;
  repository_credentials: RepositoryCredentialsTable;
  sarif_documents: SarifDocumentsTable;
  scans: ScansTable;
  findings: FindingsTable;
  scan_findings: ScanFindingsTable;
  triage_results: TriageResultsTable;
  triage_overrides: TriageOverridesTable;
  finding_audit: FindingAuditTable;
  scan_batches: ScanBatchesTable;
  fixes: FixesTable;
  pull_requests: PullRequestsTable;
  forge_events: ForgeEventsTable;
  sarif_integrations: SarifIntegrationsTable;
  webhooks: WebhooksTable;
  outbox: OutboxTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  users: UsersTable;
  memberships: MembershipsTable;
  sessions: SessionsTable;
}

export type Db = Kysely<Database>;
/** A query function's first argument: the database or a transaction. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;

export interface DbOptions {
  /** postgres:// connection string; never logged. */
  url: string;
  /** Pool size (default 10). */
  poolMax?: number;
  applicationName?: string;
  /** Run column-listed reads as prepared statements (default true). */
  preparedStatements?: boolean;
  /**
   * Told when a pooled connection dies, idle or checked out between queries (database restart,
   * failover, termination). The process never crashes on it: the connection is dropped and later
   * queries open a new one.
   */
  onIdleError?: (err: Error) => void;
}

/** Opens a pooled Kysely handle. The caller owns it and must `destroy()` it. */
export const createDb = (options: DbOptions): Db => {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax ?? 10,
    application_name: options.applicationName ?? 'remediation',
    connectionTimeoutMillis: 5_000,
  });
  // Without a listener an idle connection's death would crash the process; the pool drops
  // that connection and later queries open a new one (or fail on their own).
  pool.on('error', (err) => options.onIdleError?.(err));
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: preparingPool(pool, {
        prepare: options.preparedStatements !== false,
        onError: (err) => options.onIdleError?.(err),
      }),
    }),
  });
};
