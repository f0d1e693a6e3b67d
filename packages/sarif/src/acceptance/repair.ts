import type { ErrorObject, ValidateFunction } from 'ajv';
import { MAX_SCAN_WARNINGS, type ScanWarning } from '@remediation/contracts';
import type { Problem } from '../problem.js';
import { INDEXED_ARRAYS, planStep, withoutBranchErrors, type Step } from './plan.js';
import { compareDescending, formatPointer, valueAt, type Segment } from './pointer.js';

export type RepairOutcome =
  { ok: true; warnings: ScanWarning[]; warningsCount: number } | { ok: false; problems: Problem[] };

/** Dropping a node can leave its parent invalid, which the next pass handles; a few suffice. */
const MAX_PASSES = 12;

/** Marks a dropped array element until the arrays are compacted at the end. */
const TOMBSTONE: object = Object.freeze({});

/** What stands in for an invalid element of an indexed array (so later indexes keep pointing right). */
const standIn = (array: string): object =>
  array === 'rules' || array === 'taxa' || array === 'notifications'
    ? { id: '' }
    : array === 'extensions' ||
        array === 'taxonomies' ||
        array === 'policies' ||
        array === 'translations'
      ? { name: '' }
      : {};

class Warnings {
  readonly list: ScanWarning[] = [];
  count = 0;
  private readonly seen = new Set<string>();

  add(w: ScanWarning): void {
    const key = `${w.action}\u0000${w.path}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.count++;
    if (this.list.length < MAX_SCAN_WARNINGS) this.list.push(w);
  }
}

type Change = Extract<Step, { kind: 'drop' | 'dedupe' }>;

/** Leaves only the outermost of nested drops (dropping a node drops what is inside it). */
const outermost = (changes: Change[]): Change[] => {
  const dropped = new Set(changes.filter((c) => c.kind === 'drop').map((c) => formatPointer(c.at)));
  return changes.filter(
    (c) => !c.at.some((_, i) => i < c.at.length && dropped.has(formatPointer(c.at.slice(0, i)))),
  );
};

/** Replaces an array's elements in place (no spread: arrays may hold 25,000 results). */
const replaceContents = (array: unknown[], items: readonly unknown[]): void => {
  array.length = 0;
  for (const item of items) array.push(item);
};

const dedupe = (array: unknown[]): void => {
  const seen = new Set<string>();
  const unique = array.filter((v) => {
    const key = JSON.stringify(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  replaceContents(array, unique);
};

/**
 * Repairs a schema-invalid document in place under the tolerant policy (decision 0013) and
 * says what it did: the smallest invalid optional node is dropped, a result without message
 * text is kept and marked, malformed artifact URIs are kept. Repeats validation until only
 * kept deviations remain. `errors` are the first validation's errors.
 */
export const repairDocument = (
  doc: unknown,
  validate: ValidateFunction,
  errors: readonly ErrorObject[],
): RepairOutcome => {
  const warnings = new Warnings();
  const tombstones = new Set<string>();
  const emptied = new Set<unknown[]>();
  const isTombstoned = (at: readonly Segment[]) =>
    tombstones.size > 0 && at.some((_, i) => tombstones.has(formatPointer(at.slice(0, i + 1))));
  let current = errors;
  for (let pass = 0; ; pass++) {
    if (pass === MAX_PASSES) {
      return {
        ok: false,
        problems: [
          { path: '/', message: 'the document has violations that could not be repaired' },
        ],
      };
    }
    const steps = withoutBranchErrors(current).map(planStep);
    const fatal = steps.filter((s) => s.kind === 'fatal');
    if (fatal.length > 0) {
      return {
        ok: false,
        problems: fatal.map((s) => ({ path: formatPointer(s.at) || '/', message: s.message })),
      };
    }
    const changes: Change[] = [];
    for (const step of steps) {
      if (isTombstoned(step.at)) continue;
      if (step.kind === 'keep')
        warnings.add({ path: formatPointer(step.at), message: step.message, action: step.action });
      else if (step.kind !== 'fatal') changes.push(step);
    }
    if (changes.length === 0) break;
    const applied = outermost(changes);
    // Warnings in document order; changes applied last element first, so indexes hold.
    for (const change of applied)
      warnings.add({ path: formatPointer(change.at), message: change.message, action: 'dropped' });
    for (const change of [...applied].sort((a, b) => compareDescending(a.at, b.at))) {
      if (change.kind === 'dedupe') {
        const array = valueAt(doc, change.at);
        if (Array.isArray(array)) dedupe(array);
        continue;
      }
      const key = change.at[change.at.length - 1]!;
      const parent = valueAt(doc, change.at.slice(0, -1));
      if (Array.isArray(parent) && typeof key === 'number') {
        const arrayName = String(change.at[change.at.length - 2]);
        if (INDEXED_ARRAYS.has(arrayName)) parent[key] = standIn(arrayName);
        else {
          parent[key] = TOMBSTONE;
          tombstones.add(formatPointer(change.at));
          emptied.add(parent);
        }
      } else if (parent !== null && typeof parent === 'object') {
        delete (parent as Record<string, unknown>)[String(key)];
      }
    }
    if (validate(doc)) break;
    current = [...(validate.errors ?? [])];
  }
  for (const array of emptied) {
    replaceContents(
      array,
      array.filter((v) => v !== TOMBSTONE),
    );
  }
  return { ok: true, warnings: warnings.list, warningsCount: warnings.count };
};
