export { createDb, type Database, type Db, type DbOptions, type DbOrTx } from './database.js';
export { migrateToLatest, MIGRATION_NAMES, type MigrateOutcome } from './migrator.js';
export { newId, isId } from './ids.js';
export { jsonRows } from './json-param.js';
export { listenChannel, type ChannelListener, type ListenOptions } from './listen.js';
export {
  decodeCursor,
  encodeCursor,
  paginate,
  type PageRequest,
  type PageResult,
} from './pagination.js';
export * from './tables/tenancy.js';
export * from './tables/scans.js';
export * from './tables/fixes.js';
export * from './tables/webhooks.js';
export * from './tables/users.js';
export * from './tables/repository-credentials.js';
export * from './queries/organizations.js';
export * from './queries/outbox.js';
export * from './queries/scan-batches.js';
export * from './queries/scan-completion.js';
export * from './queries/sarif-documents.js';
