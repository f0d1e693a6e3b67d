import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from './openapi-document.js';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: unknown;
}

interface Route {
  template: string;
  regex: RegExp;
  names: string[];
  literalLength: number;
}

/** The operation a request matched, with its decoded path parameters. */
export interface MatchedOperation {
  template: string;
  method: string;
  operationId: string;
  pathParams: Record<string, string>;
  pointer: string;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const describe = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim()).join('; ');

/**
 * Validates requests and responses against an OpenAPI 3.0 document with Ajv: the path and
 * method must exist, path and query parameters must match their schemas (types coerced from
 * the string form, unknown query parameters refused, required ones present), a JSON body must
 * match the operation's request schema, and a response body the schema of its status. Schemas
 * compile lazily, only for the operations a test uses; `$ref`s resolve inside the document.
 */
export class OpenApiValidator {
  private readonly routes: Route[];
  private readonly bodies: Ajv;
  private readonly params: Ajv;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(
    private readonly doc: OpenApiDocument,
    private readonly id: string,
  ) {
    const options = {
      strict: false,
      allErrors: true,
      validateSchema: false,
      logger: false,
    } as const;
    this.bodies = addFormats(new Ajv(options));
    this.params = addFormats(new Ajv({ ...options, coerceTypes: 'array' }));
    this.bodies.addSchema(doc, id);
    this.params.addSchema(doc, id);
    this.routes = Object.keys(doc.paths)
      .map((template) => {
        const names: string[] = [];
        const source = template
          .split(/(\{[^}]+\})/)
          .map((part) => {
            const m = /^\{([^}]+)\}$/.exec(part);
            if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            names.push(m[1]!);
            return '([^/]+)';
          })
          .join('');
        return {
          template,
          regex: new RegExp(`^${source}$`),
          names,
          literalLength: template.replace(/\{[^}]+\}/g, '').length,
        };
      })
      // A literal segment beats a parameter: /pulls/comments before /pulls/{pull_number}.
      .sort((a, b) => b.literalLength - a.literalLength);
  }

  /** The operation for `method path`, or a reason why there is none. */
  match(method: string, path: string): MatchedOperation | { error: string } {
    const lower = method.toLowerCase();
    for (const route of this.routes) {
      const m = route.regex.exec(path);
      if (!m) continue;
      const op = this.doc.paths[route.template]?.[lower] as { operationId?: string } | undefined;
      if (!op) continue;
      const pathParams = Object.fromEntries(
        route.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]),
      );
      return {
        template: route.template,
        method: lower,
        operationId: op.operationId ?? `${lower} ${route.template}`,
        pathParams,
        pointer: `#/paths/${escapePointer(route.template)}/${lower}`,
      };
    }
    return { error: `no operation ${method} ${path} in the API description` };
  }

  private resolve<T>(node: unknown): T {
    let current = node as { $ref?: string };
    while (current && typeof current.$ref === 'string') {
      const parts = current.$ref
        .replace(/^#\//, '')
        .split('/')
        .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
      current = parts.reduce<unknown>(
        (acc, key) => (acc as Record<string, unknown>)[key],
        this.doc,
      ) as { $ref?: string };
    }
    return current as T;
  }

  /** A schema taken out of the document, its local `$ref`s pointed back into it. */
  private anchored(schema: unknown): object {
    const walk = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(walk);
      if (node === null || typeof node !== 'object') return node;
      return Object.fromEntries(
        Object.entries(node).map(([k, v]) => [
          k,
          k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${this.id}${v}` : walk(v),
        ]),
      );
    };
    return walk(schema) as object;
  }

  private validator(ajv: Ajv, key: string, schema: object): ValidateFunction {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const compiled = ajv.compile(schema);
    this.cache.set(key, compiled);
    return compiled;
  }

  /** Problems of a request (empty when it conforms). `query` values are strings, as sent. */
  validateRequest(
    op: MatchedOperation,
    query: Record<string, string | string[]>,
    body: unknown,
  ): string[] {
    const problems: string[] = [];
    const pathItem = this.doc.paths[op.template] as Record<string, unknown> & {
      parameters?: unknown[];
    };
    const operation = this.resolve<{ parameters?: unknown[]; requestBody?: unknown }>(
      pathItem[op.method],
    );
    const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) =>
      this.resolve<Parameter>(p),
    );
    const known = new Set(parameters.filter((p) => p.in === 'query').map((p) => p.name));
    for (const name of Object.keys(query))
      if (!known.has(name)) problems.push(`query parameter '${name}' is not defined`);
    parameters.forEach((param, index) => {
      if (param.in !== 'path' && param.in !== 'query') return;
      const value = param.in === 'path' ? op.pathParams[param.name] : query[param.name];
      if (value === undefined) {
        if (param.required || param.in === 'path')
          problems.push(`${param.in} parameter '${param.name}' is required`);
        return;
      }
      if (!param.schema) return;
      const check = this.validator(
        this.params,
        `${op.pointer}:${param.in}:${param.name}:${index}`,
        this.anchored(param.schema),
      );
      if (!check(value))
        problems.push(`${param.in} parameter '${param.name}': ${describe(check.errors)}`);
    });
    const requestBody = operation.requestBody
      ? this.resolve<{ required?: boolean; content?: Record<string, unknown> }>(
          operation.requestBody,
        )
      : undefined;
    if (!requestBody) {
      if (body !== undefined) problems.push('the operation takes no request body');
      return problems;
    }
    if (body === undefined) {
      if (requestBody.required) problems.push('request body is required');
      return problems;
    }
    if (!requestBody.content?.['application/json']) return problems;
    const validate = this.validator(this.bodies, `${op.pointer}:body`, {
      $ref: `${this.id}${op.pointer}/requestBody/content/application~1json/schema`,
    });
    if (!validate(body)) problems.push(`request body: ${describe(validate.errors)}`);
    return problems;
  }

  /** Problems of a response body for `status` (empty when it conforms or has no JSON schema). */
  validateResponse(
    op: MatchedOperation,
    status: number,
    body: unknown,
    mediaType = 'application/json',
  ): string[] {
    const operation = this.resolve<{ responses?: Record<string, unknown> }>(
      (this.doc.paths[op.template] as Record<string, unknown>)[op.method],
    );
    const response = operation.responses?.[String(status)];
    if (!response) return [`status ${status} is not documented for ${op.operationId}`];
    const content = this.resolve<{ content?: Record<string, { schema?: unknown }> }>(
      response,
    ).content;
    if (!content || !content[mediaType]?.schema)
      return body === undefined || body === ''
        ? []
        : [`status ${status} of ${op.operationId} has no ${mediaType} body`];
    const ref =
      typeof (response as { $ref?: string }).$ref === 'string'
        ? `${this.id}${(response as { $ref: string }).$ref}/content/${escapePointer(mediaType)}/schema`
        : `${this.id}${op.pointer}/responses/${status}/content/${escapePointer(mediaType)}/schema`;
    const validate = this.validator(this.bodies, `${ref}`, { $ref: ref });
    return validate(body)
      ? []
      : [`response ${status} of ${op.operationId}: ${describe(validate.errors)}`];
  }
}
