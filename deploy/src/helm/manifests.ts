import { parseAllDocuments } from 'yaml';

/** One rendered document and the template file it came from (e.g. `templates/deployment.yaml`). */
export interface RenderedDocument {
  readonly template: string;
  readonly content: unknown;
}

const SOURCE = /^# Source: [^/]+\/(.+)$/m;

/**
 * Splits `helm template` output into documents, each tagged with its template path relative to
 * the chart (from Helm's `# Source:` comment). Empty documents are dropped.
 */
export const splitManifests = (output: string): RenderedDocument[] => {
  const documents: RenderedDocument[] = [];
  for (const chunk of output.split(/^---\s*$/m)) {
    const source = SOURCE.exec(chunk);
    if (!source?.[1]) continue;
    const [doc, ...rest] = parseAllDocuments(chunk, { merge: true });
    if (!doc || rest.length > 0) throw new Error(`unexpected document layout in ${source[1]}`);
    if (doc.errors.length > 0) {
      throw new Error(`${source[1]} rendered invalid YAML: ${doc.errors[0]?.message ?? ''}`);
    }
    const content: unknown = doc.toJS();
    if (content !== null && content !== undefined) {
      documents.push({ template: source[1], content });
    }
  }
  return documents;
};
