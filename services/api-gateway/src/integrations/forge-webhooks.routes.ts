import type { ForgeEventReceived } from '@remediation/contracts';
import {
  parseGithubEvent,
  parseGitlabEvent,
  verifyGithubSignature,
  verifyGitlabToken,
  type ForgeEvent,
} from '@remediation/forges';
import type { Logger } from '@remediation/runtime';
import type { Express, Request, RequestHandler, Response } from 'express';
import { AppError, notFound, validationFailed } from '../http/app-error.js';
import { checkJsonValue, contentEncoding, mediaType, readRawBody } from '../http/body.js';
import {
  recordForgeDelivery,
  type ForgeDelivery,
  type ForgeIntakeDeps,
} from './forge-event-intake.js';
import type { IntegrationSettings } from './integration-settings.js';

export const GITHUB_EVENTS_PATH = '/v1/integrations/github/events';
export const GITLAB_EVENTS_PATH = '/v1/integrations/gitlab/events';

/** Forge delivery ids are UUIDs; this also keeps them valid in a BullMQ job id (no `:`). */
const DELIVERY_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const EVENT_NAME = /^[a-z][a-z0-9_]{0,63}$/;
const GITLAB_EVENT = /^[\x20-\x7E]{1,100}$/;

export interface ForgeWebhookDeps extends ForgeIntakeDeps {
  settings: IntegrationSettings;
  logger: Logger;
}

const refuse = (req: Request, message: string) => {
  req.resume();
  return new AppError('unauthorized', message);
};

const requiredHeader = (req: Request, name: string, pattern: RegExp): string => {
  const value = req.get(name);
  if (value === undefined) throw validationFailed(`${name} header is required`);
  if (!pattern.test(value)) throw validationFailed(`${name} header is malformed`);
  return value;
};

/** The verified body as a JSON object (400 otherwise). */
const jsonObject = (req: Request, raw: Buffer): Record<string, unknown> => {
  if (contentEncoding(req) !== 'identity')
    throw new AppError('unsupported_media_type', 'forge webhooks are not compressed');
  if (mediaType(req) !== 'application/json')
    throw new AppError(
      'unsupported_media_type',
      "webhook body must be application/json (set the webhook's content type to JSON)",
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw validationFailed('request body is not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw validationFailed('request body must be a JSON object');
  const problem = checkJsonValue(parsed);
  if (problem) throw validationFailed(`request body rejected: ${problem}`);
  return parsed as Record<string, unknown>;
};

/**
 * `POST /v1/integrations/github/events` and `POST /v1/integrations/gitlab/events` (decision
 * 0022): no bearer token; authenticated by the forge's signature or token (404 while the
 * secret is not configured). An event nothing acts on (what the forges package parses as
 * `ignored`: a ping, a push, an issue comment) is answered 202 and not stored; any other is
 * stored and queued for pr-publisher once per delivery id. Neither the secret nor the payload
 * is logged.
 */
export const mountForgeWebhooks = (app: Express, deps: ForgeWebhookDeps): void => {
  const maxBytes = deps.settings.forgeWebhookMaxBytes;

  const answer = async (
    res: Response,
    delivery: ForgeDelivery,
    parsed: ForgeEvent,
  ): Promise<void> => {
    const { provider, deliveryId, event } = delivery;
    let body: ForgeEventReceived;
    if (parsed.kind === 'ignored') {
      body = { received: true, duplicate: false, ignored: parsed.reason };
    } else {
      const { duplicate } = await recordForgeDelivery(deps, delivery);
      body = { received: true, duplicate };
    }
    deps.logger.info(
      { provider, deliveryId, event, duplicate: body.duplicate, stored: !body.ignored },
      'forge event received',
    );
    res.status(202).json(body);
  };

  const github: RequestHandler = async (req, res, next) => {
    try {
      const secret = deps.settings.githubWebhookSecret;
      if (!secret) {
        req.resume();
        throw notFound('route');
      }
      const raw = await readRawBody(req, maxBytes);
      if (!(await verifyGithubSignature(secret, raw, req.get('x-hub-signature-256'))))
        throw refuse(req, 'missing or invalid X-Hub-Signature-256');
      const event = requiredHeader(req, 'X-GitHub-Event', EVENT_NAME);
      const deliveryId = requiredHeader(req, 'X-GitHub-Delivery', DELIVERY_ID);
      const payload = jsonObject(req, raw);
      const delivery: ForgeDelivery = {
        provider: 'github',
        deliveryId,
        event,
        payload: raw.toString('utf8'),
      };
      await answer(res, delivery, parseGithubEvent(event, payload));
    } catch (err) {
      next(err);
    }
  };

  const gitlab: RequestHandler = async (req, res, next) => {
    try {
      const token = deps.settings.gitlabWebhookToken;
      if (!token) {
        req.resume();
        throw notFound('route');
      }
      if (!verifyGitlabToken(token, req.get('x-gitlab-token')))
        throw refuse(req, 'missing or invalid X-Gitlab-Token');
      const raw = await readRawBody(req, maxBytes);
      const header = requiredHeader(req, 'X-Gitlab-Event', GITLAB_EVENT);
      // Idempotency-Key (GitLab 17.4+) is the one that stays the same across retries;
      // X-Gitlab-Event-UUID is shared by webhooks an earlier webhook triggered.
      const deliveryId = req.get('idempotency-key') ?? req.get('x-gitlab-event-uuid');
      if (deliveryId === undefined)
        throw validationFailed('Idempotency-Key or X-Gitlab-Event-UUID header is required');
      if (!DELIVERY_ID.test(deliveryId)) throw validationFailed('delivery id header is malformed');
      const payload = jsonObject(req, raw);
      const kind = payload['object_kind'];
      const delivery: ForgeDelivery = {
        provider: 'gitlab',
        deliveryId,
        event: typeof kind === 'string' && EVENT_NAME.test(kind) ? kind : header,
        payload: raw.toString('utf8'),
      };
      await answer(res, delivery, parseGitlabEvent(payload));
    } catch (err) {
      next(err);
    }
  };

  app.post(GITHUB_EVENTS_PATH, github);
  app.post(GITLAB_EVENTS_PATH, gitlab);
};
