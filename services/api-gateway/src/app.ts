import { codemodRoutes } from './codemods/codemods.routes.js';
import type { QUEUES } from '@remediation/contracts';
import type { Db } from '@remediation/db';
import type { Logger, Producer } from '@remediation/runtime';
import type { SecretBox } from '@remediation/security';
import type { Queue } from 'bullmq';
import express, { type Express, type Request } from 'express';
import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { OperatorCredentials } from './admin/operator-auth.js';
import { QUEUE_DASHBOARD_PATH, queueDashboard } from './admin/queue-dashboard.js';
import { createGuard } from './auth/guard.js';
import { AppError, notFound } from './http/app-error.js';
import { mediaType, readEncodedBody, type EncodedBody } from './http/body.js';
import { errorHandler } from './http/error-handler.js';
import { httpMetrics } from './http/http-metrics.js';
import { accessLog } from './http/access-log.js';
import { registerRoutes } from './http/register.js';
import { requestId } from './http/request-id.js';
import { defineRoute, type RouteDef } from './http/route.js';
import { findingRoutes } from './findings/findings.routes.js';
import { fixRoutes } from './fixes/fixes.routes.js';
import { buildOpenApi } from './openapi/openapi.js';
import { createTokenBucket } from './rate-limit/token-bucket.js';
import type { TokenCache } from './auth/token-cache.js';
import { createRepositoryAccess } from './repositories/repository-access.js';
import { repositoryRoutes } from './repositories/repositories.routes.js';
import type { SarifInspector } from './scans/sarif-inspector.js';
import { scanRoutes } from './scans/scans.routes.js';
import { webhookRoutes } from './webhooks/webhooks.routes.js';
import { deliveryRoutes } from './webhooks/deliveries.routes.js';
import { dashboardRouter } from './dashboard/static.js';
import { overviewRoutes } from './overview/overview.routes.js';
import { createOidcClient } from './sessions/oidc-client.js';
import { mountOidcRoutes } from './sessions/oidc.routes.js';
import { withSessionDocs } from './sessions/session.openapi.js';
import { mountForgeWebhooks } from './integrations/forge-webhooks.routes.js';
import {
  DEFAULT_INTEGRATION_SETTINGS,
  type IntegrationSettings,
} from './integrations/integration-settings.js';
import { withIntegrationDocs } from './integrations/integrations.openapi.js';
import { mountSarifIntegrationUpload } from './integrations/sarif-integration-upload.js';
import { sarifIntegrationRoutes } from './integrations/sarif-integrations.routes.js';
import { withSessions } from './sessions/session-guard.js';
import { mountSessionRoutes } from './sessions/session.routes.js';
import {
  DEFAULT_SESSION_SETTINGS,
  type OidcSettings,
  type SessionSettings,
} from './sessions/session-settings.js';
import { tokenRoutes } from './tokens/tokens.routes.js';
import { meRoutes } from './users/me.routes.js';

export interface GatewaySettings {
  /** Largest JSON API body, bytes. */
  jsonBodyMaxBytes: number;
  /** Largest SARIF upload as sent (compressed when gzip), bytes. */
  sarifMaxBytes: number;
  /** Largest SARIF document after decompression, bytes. */
  sarifMaxDecodedBytes: number;
  maxWebhooksPerOrganization: number;
  /** Prefix of the gateway's Redis keys (rate-limit buckets). */
  keyPrefix: string;
  /** Express `trust proxy` setting: hops or addresses whose X-Forwarded-* headers are believed. */
  trustProxy: boolean | number | string;
  /** Refuse requests that did not arrive over HTTPS (directly or per X-Forwarded-Proto). */
  requireHttps: boolean;
  /** Base URL clients use, for the OpenAPI `servers` entry. */
  publicUrl: string;
  version: string;
  /** Dashboard session lifetimes (defaults: 12 h absolute, 2 h idle). */
  sessions?: SessionSettings;
  /** OpenID Connect single sign-on; password sign-in only without it. */
  oidc?: OidcSettings | undefined;
  /** The built dashboard to serve at `/`; API only without it. */
  dashboardDir?: string | undefined;
  /** Inbound forge webhooks and signed SARIF integrations (defaults: no forge secrets). */
  integrations?: IntegrationSettings | undefined;
}

export interface GatewayDeps {
  db: Db;
  /** Producer connection (fails fast while Redis is down). */
  redis: Redis;
  ingest: Producer<typeof QUEUES.sarifIngest>;
  /** `POST /fixes/{id}/publish` hands fixes to pr-publisher. */
  publish: Producer<typeof QUEUES.prPublish>;
  /** Validates SARIF uploads on worker threads. */
  sarifInspector: SarifInspector;
  /** Producer of webhook-delivery jobs (redeliveries). */
  deliveries: Producer<typeof QUEUES.webhookDelivery>;
  /** Producer of forge-event jobs (inbound GitHub/GitLab webhooks, for pr-publisher). */
  forgeEvents: Producer<typeof QUEUES.forgeEvent>;
  secretBox: SecretBox;
  logger: Logger;
  settings: GatewaySettings;
  /** Resolved-token cache; without one every request looks its token up. */
  tokenCache?: TokenCache | undefined;
  /** Where request rate, status and latency are recorded (served on the health port's /metrics). */
  registry?: Registry | undefined;
  /**
   * The ops queue dashboard at `/admin/queues` over every queue of the registry, behind the
   * operator credentials; off (404) without them.
   */
  queueDashboard?: { queues: readonly Queue[]; credentials: OperatorCredentials } | undefined;
}

const SARIF_TYPES = new Set(['application/json', 'application/sarif+json']);

/** Every `/v1` route, the OpenAPI document's own included. */
export const buildRoutes = (deps: GatewayDeps): RouteDef[] => {
  const access = createRepositoryAccess(deps.db);
  const routes: RouteDef[] = [
    ...repositoryRoutes(deps.db, access),
    ...fixRoutes(deps.db, access, deps.publish),
    ...codemodRoutes(),
    ...scanRoutes({ db: deps.db, ingest: deps.ingest, inspector: deps.sarifInspector, access }),
    ...findingRoutes(deps.db, access),
    ...webhookRoutes({
      db: deps.db,
      secretBox: deps.secretBox,
      maxWebhooksPerOrganization: deps.settings.maxWebhooksPerOrganization,
    }),
    ...deliveryRoutes({ db: deps.db, deliveries: deps.deliveries }),
    ...tokenRoutes(deps.db, deps.tokenCache),
    ...meRoutes(deps.db),
    ...overviewRoutes({ db: deps.db, queues: [deps.ingest.queue, deps.deliveries.queue] }),
    ...sarifIntegrationRoutes({
      db: deps.db,
      access,
      secretBox: deps.secretBox,
      publicUrl: deps.settings.publicUrl,
    }),
  ];
  let document: Record<string, unknown> | undefined;
  routes.push(
    defineRoute({
      method: 'get',
      path: '/openapi.json',
      operationId: 'getOpenApi',
      summary: "This API's OpenAPI 3.0 document",
      tag: 'Meta',
      access: 'repository',
      success: { status: 200, description: 'OpenAPI 3.0 document' },
      errors: [],
      handle: () => {
        document ??= withIntegrationDocs(
          withSessionDocs(
            buildOpenApi(routes, {
              version: deps.settings.version,
              serverUrl: `${deps.settings.publicUrl.replace(/\/$/, '')}/v1`,
            }),
            { oidc: deps.settings.oidc !== undefined },
          ),
          {
            replayWindowMs: (deps.settings.integrations ?? DEFAULT_INTEGRATION_SETTINGS)
              .sarifReplayWindowMs,
          },
        );
        return Promise.resolve({ status: 200, body: document });
      },
    }),
  );
  return routes;
};

/** The Express app; never listens (see `main.ts`), so tests drive it with supertest. */
export const createApp = (deps: GatewayDeps): Express => {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.settings.trustProxy);
  app.set('etag', false);
  app.use(requestId);
  if (deps.registry) app.use(httpMetrics(deps.registry));
  app.use(accessLog(deps.logger));
  if (deps.settings.requireHttps) {
    app.use((req, _res, next) =>
      next(req.secure ? undefined : new AppError('forbidden', 'HTTPS is required')),
    );
  }

  const readSarif = async (req: Request): Promise<EncodedBody> => {
    const type = mediaType(req);
    if (!type || !SARIF_TYPES.has(type)) {
      throw new AppError(
        'unsupported_media_type',
        'SARIF uploads must be application/json or application/sarif+json',
      );
    }
    return readEncodedBody(
      req,
      {
        maxBytes: deps.settings.sarifMaxBytes,
        maxDecodedBytes: deps.settings.sarifMaxDecodedBytes,
      },
      true,
    );
  };

  // Before the web dashboard: its headers and page fallback are not for this path.
  app.use(
    QUEUE_DASHBOARD_PATH,
    deps.queueDashboard
      ? queueDashboard(deps.queueDashboard)
      : (_req, _res, next) => next(notFound('route')),
  );

  const sessions = deps.settings.sessions ?? DEFAULT_SESSION_SETTINGS;
  const bucket = createTokenBucket(deps.redis, deps.settings.keyPrefix);
  const jsonLimits = {
    maxBytes: deps.settings.jsonBodyMaxBytes,
    maxDecodedBytes: deps.settings.jsonBodyMaxBytes,
  };
  const oidc = deps.settings.oidc;
  mountSessionRoutes(app, {
    db: deps.db,
    bucket,
    settings: sessions,
    jsonLimits,
    oidcName: oidc?.displayName,
  });
  if (oidc) {
    mountOidcRoutes(app, {
      db: deps.db,
      client: createOidcClient(oidc),
      oidc,
      sessions,
      secretBox: deps.secretBox,
      logger: deps.logger,
      publicUrl: deps.settings.publicUrl,
    });
  }

  // Outside the bearer guard: authenticated by signatures over the raw body.
  const integrations = deps.settings.integrations ?? DEFAULT_INTEGRATION_SETTINGS;
  mountForgeWebhooks(app, {
    db: deps.db,
    forgeEvents: deps.forgeEvents,
    settings: integrations,
    logger: deps.logger,
  });
  mountSarifIntegrationUpload(app, {
    db: deps.db,
    ingest: deps.ingest,
    inspector: deps.sarifInspector,
    secretBox: deps.secretBox,
    bucket,
    limits: {
      sarifMaxBytes: deps.settings.sarifMaxBytes,
      sarifMaxDecodedBytes: deps.settings.sarifMaxDecodedBytes,
      replayWindowMs: integrations.sarifReplayWindowMs,
    },
  });

  registerRoutes(app, '/v1', buildRoutes(deps), {
    guard: withSessions(
      createGuard({
        db: deps.db,
        bucket,
        tokenCache: deps.tokenCache,
      }),
      { db: deps.db, bucket, settings: sessions },
    ),
    jsonLimits: {
      maxBytes: deps.settings.jsonBodyMaxBytes,
      maxDecodedBytes: deps.settings.jsonBodyMaxBytes,
    },
    readSarif,
  });
  if (deps.settings.dashboardDir) app.use(dashboardRouter(deps.settings.dashboardDir));
  app.use((_req, _res, next) => next(notFound('route')));
  app.use(errorHandler(deps.logger));
  return app;
};
