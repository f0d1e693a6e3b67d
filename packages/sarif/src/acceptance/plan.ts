import type { ErrorObject } from 'ajv';
import type { ScanWarningAction } from '@remediation/contracts';
import { describeError } from './describe.js';
import { formatPointer, parsePointer, type Segment } from './pointer.js';

/** One decision about one schema violation. */
export type Step =
  /** Remove the node (an object property, or an array element). */
  | { kind: 'drop'; at: Segment[]; message: string }
  /** Remove repeated entries of the array at `at`, keeping the first of each. */
  | { kind: 'dedupe'; at: Segment[]; message: string }
  /** Leave the node as written; record the warning with `action`. */
  | { kind: 'keep'; at: Segment[]; message: string; action: Exclude<ScanWarningAction, 'dropped'> }
  /** The violation is at a place the document cannot do without (should be caught earlier). */
  | { kind: 'fatal'; at: Segment[]; message: string };

/**
 * Arrays whose elements other parts of the log point at by index (`ruleIndex`,
 * `artifactLocation.index`, `toolComponent.index`, ...). Removing an element would shift every
 * later index, so an invalid element is replaced by a neutral stand-in instead.
 */
export const INDEXED_ARRAYS = new Set([
  'rules',
  'taxa',
  'notifications',
  'extensions',
  'artifacts',
  'logicalLocations',
  'threadFlowLocations',
  'taxonomies',
  'policies',
  'translations',
  'graphs',
  'addresses',
  'webRequests',
  'webResponses',
]);

/**
 * Arrays whose elements are optional and only make sense whole: anything invalid inside one
 * drops the element (a tool-proposed fix with a broken change, a relationship without a target).
 */
const WHOLE_ELEMENTS = new Set(['fixes', 'relationships', 'attachments']);

/** The element of a whole-element array that contains `at`, if any (outermost first). */
const wholeElementOf = (at: readonly Segment[]): Segment[] | undefined => {
  const i = at.findIndex(
    (s, k) => typeof s === 'string' && WHOLE_ELEMENTS.has(s) && typeof at[k + 1] === 'number',
  );
  return i < 0 ? undefined : at.slice(0, i + 2);
};

const isRun = (s: readonly Segment[]) => s.length === 2 && s[0] === 'runs';
const isResult = (s: readonly Segment[]) =>
  s.length === 4 && isRun(s.slice(0, 2)) && s[2] === 'results';

/** Places whose loss makes the document unprocessable; `fatalProblems` checks them first. */
const isEssential = (s: readonly Segment[]): boolean =>
  s.length === 0 ||
  (s.length === 1 && (s[0] === 'version' || s[0] === 'runs')) ||
  isRun(s) ||
  (s.length === 3 && s[0] === 'runs' && (s[2] === 'tool' || s[2] === 'results')) ||
  (s.length === 4 && s[0] === 'runs' && s[2] === 'tool' && s[3] === 'driver') ||
  (s.length === 5 && s[0] === 'runs' && s[2] === 'tool' && s[3] === 'driver' && s[4] === 'name');

const MISSING_MESSAGE =
  'the result has no message text: the finding is kept, marked missing_message, and not routed to a fix';

/** The node an error is about: the unknown property itself, else the node that fails. */
const subjectOf = (e: ErrorObject): Segment[] => {
  const at = parsePointer(e.instancePath);
  if (e.keyword === 'additionalProperties')
    return [...at, (e.params as { additionalProperty: string }).additionalProperty];
  return at;
};

const isUriFormat = (e: ErrorObject, at: readonly Segment[]) =>
  e.keyword === 'format' && at[at.length - 1] === 'uri' && at[at.length - 2] === 'artifactLocation';

/**
 * Decides what to do about one schema violation under the tolerant policy (decision 0013): the
 * smallest invalid optional node is dropped; a result without usable message text is kept and
 * marked; a malformed artifact URI is kept (normalization marks what it cannot resolve);
 * repeated entries are removed.
 */
export const planStep = (e: ErrorObject): Step => {
  const at = subjectOf(e);
  const message = describeError(e);
  const n = at.length;
  if (isResult(at) && e.keyword === 'required') {
    return { kind: 'keep', at: [...at, 'message'], message: MISSING_MESSAGE, action: 'marked' };
  }
  if (n === 5 && isResult(at.slice(0, 4)) && at[4] === 'message') {
    return { kind: 'keep', at, message: MISSING_MESSAGE, action: 'marked' };
  }
  if (isUriFormat(e, at)) {
    return {
      kind: 'keep',
      at,
      message: `${message}; kept as written (a location that cannot be resolved to a repository path is marked invalid_uri)`,
      action: 'ignored',
    };
  }
  if (e.keyword === 'uniqueItems') {
    if (INDEXED_ARRAYS.has(String(at[n - 1])))
      return { kind: 'keep', at, message: `${message}; kept as written`, action: 'ignored' };
    return { kind: 'dedupe', at, message: `${message}; the repeated entries were dropped` };
  }
  if (isEssential(at)) return { kind: 'fatal', at, message };
  const element = wholeElementOf(at);
  if (element && element.length < at.length) {
    const inner = formatPointer(at.slice(element.length));
    return { kind: 'drop', at: element, message: `${inner} ${message}; dropped` };
  }
  return { kind: 'drop', at, message: `${message}; dropped` };
};

/**
 * Errors Ajv reports inside the branches of a failed `anyOf`/`oneOf` restate the union's
 * failure: keep the union's own error, which names the node that matches no branch, and word it
 * from its branches (`must have \`text\` or \`id\``). Every union of the errata01 schema has
 * `required`-only branches, so branch errors sit at the union's own node. (Ajv's `schemaPath`
 * restarts at each `$ref`, so it cannot tell which definition a union belongs to.)
 */
export const withoutBranchErrors = (errors: readonly ErrorObject[]): ErrorObject[] => {
  const unions = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    if (e.keyword !== 'anyOf' && e.keyword !== 'oneOf') continue;
    const list = unions.get(e.instancePath);
    if (list) list.push(e);
    else unions.set(e.instancePath, [e]);
  }
  if (unions.size === 0) return [...errors];
  const branches = new Map<ErrorObject, string[]>();
  const kept = errors.filter((e) => {
    const union = unions
      .get(e.instancePath)
      ?.find((u) => u !== e && e.schemaPath.startsWith(`${u.schemaPath}/`));
    if (!union) return true;
    if (e.keyword === 'required') {
      const list = branches.get(union) ?? [];
      list.push(`\`${(e.params as { missingProperty: string }).missingProperty}\``);
      branches.set(union, list);
    }
    return false;
  });
  for (const [union, names] of branches) {
    union.message =
      union.keyword === 'oneOf'
        ? `must have exactly one of ${names.join(', ')}`
        : `must have ${names.slice(0, -1).join(', ')}${names.length > 1 ? ' or ' : ''}${names.at(-1)}`;
  }
  return kept;
};
