import { api } from './client.js';

/** The subset of JSON Schema the dashboard renders forms from. */
export interface JsonSchema {
  type?: string;
  enum?: (string | number)[];
  description?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  nullable?: boolean;
}

interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type Document = { paths: Record<string, Record<string, Operation>> };

let doc: Promise<Document> | undefined;

/** The API's own OpenAPI document (fetched once): forms follow what the API accepts today. */
export const openApi = (): Promise<Document> => {
  doc ??= api<Document>('GET', '/openapi.json').catch((err: unknown) => {
    doc = undefined;
    throw err;
  });
  return doc;
};

/** The JSON request-body schema of `method path`, or undefined when the API has no such operation. */
export const requestSchema = async (
  path: string,
  method: string,
): Promise<JsonSchema | undefined> =>
  (await openApi()).paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema;

/** Whether the API offers `method path` today (features that land later show up by themselves). */
export const hasOperation = async (path: string, method: string): Promise<boolean> =>
  Boolean((await openApi()).paths[path]?.[method]);
