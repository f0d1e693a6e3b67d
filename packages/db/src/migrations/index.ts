import type { Migration } from 'kysely';
import * as tenancy from './2026-11-21-001-tenancy.js';
import * as scansFindings from './2026-11-21-002-scans-findings.js';
import * as fixesPullRequests from './2026-11-21-003-fixes-pull-requests.js';
import * as webhooksOutbox from './2026-11-21-004-webhooks-outbox.js';
import * as tokenChangeNotify from './2026-11-21-005-token-change-notify.js';
import * as redeliveries from './2026-11-21-006-redeliveries.js';
import * as findingRules from './2026-11-21-007-finding-rules.js';
import * as unfinishedScansIndex from './2026-11-21-008-unfinished-scans-index.js';
import * as repositoryCredentials from './2026-11-23-010-repository-credentials.js';
import * as deliveryClaims from './2026-11-23-020-delivery-claims.js';
import * as deliveryClaimQueues from './2026-11-23-021-delivery-claim-queues.js';
import * as usersSessions from './2026-11-23-030-users-sessions.js';
import * as scanWarningObjects from './2026-11-23-040-scan-warning-objects.js';
import * as triage from './2026-11-23-050-triage.js';
import * as traceContext from './2026-11-23-060-trace-context.js';
import * as publishing from './2026-11-23-070-publishing.js';
import * as scanSources from './2026-11-23-080-scan-sources.js';
import * as outboxStatementNotify from './2026-11-23-090-outbox-statement-notify.js';
import * as deliveryPriority from './2026-11-23-100-delivery-priority.js';

/**
 * Every migration, append-only, keyed by its date-prefixed name. Listed statically (not read
 * from the file system) so the same list runs from `src/` under tests and from `dist/`.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '2026-11-21-001-tenancy': tenancy,
  '2026-11-21-002-scans-findings': scansFindings,
  '2026-11-21-003-fixes-pull-requests': fixesPullRequests,
  '2026-11-21-004-webhooks-outbox': webhooksOutbox,
  '2026-11-21-005-token-change-notify': tokenChangeNotify,
  '2026-11-21-006-redeliveries': redeliveries,
  '2026-11-21-007-finding-rules': findingRules,
  '2026-11-21-008-unfinished-scans-index': unfinishedScansIndex,
  '2026-11-23-010-repository-credentials': repositoryCredentials,
  '2026-11-23-020-delivery-claims': deliveryClaims,
  '2026-11-23-021-delivery-claim-queues': deliveryClaimQueues,
  '2026-11-23-030-users-sessions': usersSessions,
  '2026-11-23-040-scan-warning-objects': scanWarningObjects,
  '2026-11-23-050-triage': triage,
  '2026-11-23-060-trace-context': traceContext,
  '2026-11-23-070-publishing': publishing,
  '2026-11-23-080-scan-sources': scanSources,
  '2026-11-23-090-outbox-statement-notify': outboxStatementNotify,
  '2026-11-23-100-delivery-priority': deliveryPriority,
};
