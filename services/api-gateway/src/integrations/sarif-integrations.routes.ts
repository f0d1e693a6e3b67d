import {
  CreateSarifIntegrationBody,
  Id,
  MAX_SARIF_INTEGRATIONS_PER_REPOSITORY,
  PageQuery,
  type SarifIntegration,
  SarifIntegrationList,
  SarifIntegrationWithSecret,
} from '@remediation/contracts';
import { newId, paginate, type Db } from '@remediation/db';
import type { SecretBox } from '@remediation/security';
import { AppError, notFound } from '../http/app-error.js';
import { defineRoute, type RouteDef } from '../http/route.js';
import { cursorAfter, RepoParams } from '../repositories/repositories.routes.js';
import type { RepositoryAccess } from '../repositories/repository-access.js';
import { generateIntegrationSecret } from './sarif-signature.js';
import {
  countIntegrations,
  deleteIntegration,
  insertIntegration,
  integrationsOf,
  rotateIntegration,
} from './sarif-integrations.repository.js';

type IntegrationRow = {
  id: string;
  repository_id: string;
  name: string;
  created_at: Date;
  rotated_at: Date | null;
  last_used_at: Date | null;
};

export interface SarifIntegrationDeps {
  db: Db;
  access: RepositoryAccess;
  secretBox: SecretBox;
  /** Base URL clients use, for `upload_url`. */
  publicUrl: string;
}

/** A sealed secret as the text column stores it (the secret box's bytes in base64). */
export const sealIntegrationSecret = (box: SecretBox, secret: string): string =>
  box.seal(secret).toString('base64');
export const openIntegrationSecret = (box: SecretBox, sealed: string): string =>
  box.open(Buffer.from(sealed, 'base64'));

const IntegrationParams = { ...RepoParams, integration_id: Id };

/**
 * Generic SARIF integrations of a repository (decision 0022): organization tokens and admin
 * sessions manage them; repository tokens get 403, members 403 on changes (session policy).
 */
export const sarifIntegrationRoutes = (deps: SarifIntegrationDeps): RouteDef[] => {
  const base = deps.publicUrl.replace(/\/$/, '');
  const toIntegration = (row: IntegrationRow): SarifIntegration => ({
    id: row.id,
    repository_id: row.repository_id,
    name: row.name,
    upload_url: `${base}/v1/integrations/sarif/${row.id}`,
    created_at: row.created_at.toISOString(),
    rotated_at: row.rotated_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
  });
  return [
    defineRoute({
      method: 'post',
      path: '/repositories/{id}/integrations',
      operationId: 'createSarifIntegration',
      summary: `Create a generic SARIF integration: an upload endpoint signed with an HMAC secret instead of an API token; the secret is returned once (at most ${MAX_SARIF_INTEGRATIONS_PER_REPOSITORY} per repository)`,
      tag: 'Integrations',
      access: 'organization',
      params: RepoParams,
      body: { kind: 'json', schema: CreateSarifIntegrationBody, required: true },
      success: {
        status: 201,
        description: 'The integration and its secret',
        schema: SarifIntegrationWithSecret,
      },
      errors: [
        'validation_failed',
        'forbidden',
        'not_found',
        'conflict',
        'unsupported_media_type',
        'payload_too_large',
      ],
      handle: async ({ auth, params, body }) => {
        const repoId = await deps.access.check(auth, params.id);
        if ((await countIntegrations(deps.db, repoId)) >= MAX_SARIF_INTEGRATIONS_PER_REPOSITORY)
          throw new AppError(
            'conflict',
            `a repository may have at most ${MAX_SARIF_INTEGRATIONS_PER_REPOSITORY} SARIF integrations`,
          );
        const secret = generateIntegrationSecret();
        const row = await insertIntegration(deps.db, {
          id: newId(),
          repository_id: repoId,
          name: body.name.trim(),
          secret_ciphertext: sealIntegrationSecret(deps.secretBox, secret),
        });
        return {
          status: 201,
          body: { ...toIntegration(row), secret },
          headers: { Location: `/v1/repositories/${repoId}/integrations/${row.id}` },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/repositories/{id}/integrations',
      operationId: 'listSarifIntegrations',
      summary: "The repository's generic SARIF integrations, newest first (never their secrets)",
      tag: 'Integrations',
      access: 'organization',
      params: RepoParams,
      query: PageQuery,
      success: { status: 200, description: 'A page of integrations', schema: SarifIntegrationList },
      errors: ['validation_failed', 'forbidden', 'not_found'],
      handle: async ({ auth, params, query }) => {
        const repoId = await deps.access.check(auth, params.id);
        const page = await paginate(integrationsOf(deps.db, repoId), 'id', {
          limit: query.limit ?? 20,
          after: cursorAfter(query.cursor),
        });
        return { status: 200, body: { ...page, data: page.data.map(toIntegration) } };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/repositories/{id}/integrations/{integration_id}/rotate',
      operationId: 'rotateSarifIntegration',
      summary:
        'Replace the signing secret; the old one stops working at once and the new one is returned once',
      tag: 'Integrations',
      access: 'organization',
      params: IntegrationParams,
      success: {
        status: 200,
        description: 'The integration and its new secret',
        schema: SarifIntegrationWithSecret,
      },
      errors: ['forbidden', 'not_found'],
      handle: async ({ auth, params }) => {
        const repoId = await deps.access.check(auth, params.id);
        const secret = generateIntegrationSecret();
        const row = await rotateIntegration(
          deps.db,
          repoId,
          params.integration_id,
          sealIntegrationSecret(deps.secretBox, secret),
        );
        if (!row) throw notFound('integration');
        return { status: 200, body: { ...toIntegration(row), secret } };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/repositories/{id}/integrations/{integration_id}',
      operationId: 'deleteSarifIntegration',
      summary: 'Remove an integration; its endpoint refuses uploads from then on',
      tag: 'Integrations',
      access: 'organization',
      params: IntegrationParams,
      success: { status: 204, description: 'Removed' },
      errors: ['forbidden', 'not_found'],
      handle: async ({ auth, params }) => {
        const repoId = await deps.access.check(auth, params.id);
        if (!(await deleteIntegration(deps.db, repoId, params.integration_id)))
          throw notFound('integration');
        return { status: 204 };
      },
    }),
  ];
};
