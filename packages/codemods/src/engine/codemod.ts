import type {
  ChangePurpose,
  CodemodInput,
  CodemodResult,
  Language,
  NotApplicable,
  NotApplicableReason,
  Rationale,
  Reference,
  RuleIds,
  Site,
} from '../types.js';
import type { FileEditor } from './file-editor.js';
import type { SourceFile } from './source-file.js';

/** What `fix` can do besides editing its own file. */
export interface FixContext {
  readonly input: CodemodInput;
  /** Adds a line to the result's notes (shown to the reviewer with the fix). */
  note(text: string): void;
  /**
   * Marks the fix as changing observable behaviour, with a one-line explanation (kept on the
   * result's `behaviourChange` and its evaluation, and added to the notes for the reviewer).
   */
  behaviourChange(text: string): void;
  /** The text of another loaded file (`input.files`), or undefined. */
  fileText(path: string): string | undefined;
  /**
   * Rewrites another loaded file (a manifest) with a pure text → text function. Returns false
   * when the file is not loaded. A no-op update records nothing.
   */
  updateFile(path: string, update: (text: string) => string, purpose?: ChangePurpose): boolean;
}

/**
 * What a codemod author writes. `detect` finds every vulnerable construct in a file (it is the
 * codemod's detection pattern: the evaluation re-runs it on the fixed file); the engine picks the
 * one the finding points at and hands it to `fix`, which records splices on the editor.
 */
export interface CodemodSpec<D = unknown> {
  /** `remediate:<language>/<name>`, e.g. `remediate:js/insecure-randomness`. */
  id: string;
  languages: readonly Language[];
  rules: RuleIds;
  cwe: readonly number[];
  /** OWASP Top 10 2021 ids, e.g. `A02:2021`. */
  owasp?: readonly string[];
  title: string;
  /** One paragraph for the catalog. */
  description: string;
  rationale: Rationale;
  references: readonly Reference[];
  /**
   * `location-first` (default) looks at the finding's location, then at code-flow steps source →
   * sink; `source-first` starts with the flow steps (when the sink is not the place to fix).
   */
  codeFlow?: 'location-first' | 'source-first';
  detect(file: SourceFile): Site<D>[];
  fix(site: Site<D>, editor: FileEditor, ctx: FixContext): NotApplicable | void;
}

/** A registered codemod: its declaration plus the engine's `transform`. */
export interface Codemod<D = unknown> extends Readonly<CodemodSpec<D>> {
  transform(input: CodemodInput): CodemodResult;
}

/** A `not_applicable` outcome, for `fix` to return when it must not change the code. */
export const notApplicable = (reason: NotApplicableReason, detail: string): NotApplicable => ({
  kind: 'not_applicable',
  reason,
  detail,
});
