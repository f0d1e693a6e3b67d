// The API's resource types, shared with the server (type-only: nothing of the contracts
// package is bundled).
export type {
  ApiToken,
  ApiTokenCreated,
  Codemod,
  Finding,
  FindingDetail,
  Fix,
  FixDetail,
  Me,
  Overview,
  Repository,
  RepositorySettings,
  Scan,
  ScanWarning,
  TriageEvidence,
  Webhook,
  WebhookCreated,
  WebhookDelivery,
  WebhookDeliveryDetail,
} from '@remediation/contracts';
import type {
  Classification,
  DELIVERY_STATUSES as DeliveryStatuses,
  EventType,
  FixStatus,
  Severity,
} from '@remediation/contracts';

/** Values the API accepts, repeated here because only types cross from the contracts package. */
export const SEVERITIES = [
  'critical',
  'high',
  'medium',
  'low',
  'info',
] as const satisfies readonly Severity[];
export const CLASSIFICATIONS = [
  'TRUE_POSITIVE',
  'FALSE_POSITIVE',
  'WONT_FIX',
] as const satisfies readonly Classification[];
export const FIX_STATUSES = [
  'generated',
  'failed',
  'pr_open',
  'merged',
  'closed',
  'superseded',
] as const satisfies readonly FixStatus[];
export const DELIVERY_STATUSES = [
  'pending',
  'delivered',
  'failed',
] as const satisfies typeof DeliveryStatuses;
export const EVENT_TYPES = [
  'scan.completed',
  'triage.completed',
  'fix.generated',
  'pr.opened',
  'pr.merged',
  'pr.closed',
  'ping',
] as const satisfies readonly EventType[];
