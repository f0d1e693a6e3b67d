/**
 * @remediation/codemods: the codemod engine, the codemods and their catalog. Pure: no file,
 * network or process access; callers pass file texts in and get texts and diffs out.
 */
export type * from './types.js';
export type { Codemod, CodemodSpec, FixContext } from './engine/codemod.js';
export { notApplicable } from './engine/codemod.js';
export { defineCodemod } from './engine/define.js';
export { FileEditor } from './engine/file-editor.js';
export { SourceFile, enclosingStatement } from './engine/source-file.js';
export { locateSite, runCodemod } from './engine/run.js';
export { LANGUAGES, extensionOf, isJsFamily, languageOf, parseSource } from './languages.js';
export { locate, regionInFile, type Located, type MatchTier } from './locate/locate.js';
export { codeFlowsFromSarif, flowPaths, normalizePath, samePath } from './locate/code-flow.js';
export { detectStyle, indentSnippet, quoted, semi, type SourceStyle } from './text/style.js';
export { LineIndex } from './text/line-index.js';
export { applySplices, mapOffset, type Splice } from './text/splice.js';
export {
  ensureJsMember,
  firstStatement,
  identifierUsed,
  jsModuleSystem,
  type JsMemberSpec,
  type JsModuleSystem,
} from './imports/js-imports.js';
export {
  ensurePythonFromImport,
  ensurePythonImport,
  pythonFromLocal,
  pythonModuleLocal,
} from './imports/python-imports.js';
export { ensureJavaImport } from './imports/java-imports.js';
export { ensureHelper, ensureJavaHelper, type HelperSpec } from './imports/helpers.js';
export { ensureDependency, type Dependency } from './manifests/dependency.js';
export { addPackageJsonDependency, packageJsonHas } from './manifests/package-json.js';
export {
  addPyprojectDependency,
  addRequirement,
  normalizeDistName,
  pyprojectHas,
  requirementsHas,
} from './manifests/python-deps.js';
export { addPomDependency, pomHas, type MavenDependency } from './manifests/pom-xml.js';
export {
  MANIFEST_NAMES,
  ancestorPaths,
  manifestCandidates,
  nearestFile,
} from './manifests/nearest.js';
export { parsesWithoutErrors, syntaxErrors, type SyntaxError } from './evaluate/syntax.js';
export {
  evaluate,
  reapplyIsNoop,
  stillMatches,
  type Evaluation,
  type EvaluationFailure,
} from './evaluate/checks.js';
export {
  allowedRanges,
  diffStaysLocal,
  type LineRange,
  type Locality,
} from './evaluate/locality.js';
export { inputAfter, shiftRegion } from './evaluate/shift.js';
export { unifiedDiff } from './evaluate/unified-diff.js';
export { scannerOf, ruleMatches } from './scanners.js';
export { CODEMODS, codemodById, codemodsFor } from './registry.js';
export { catalog, type CatalogEntry } from './catalog/catalog.js';
export { catalogMarkdown } from './catalog/markdown.js';
export { filesToLoad } from './files-to-load.js';
