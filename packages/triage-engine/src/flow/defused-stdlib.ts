import { importsOf } from './imports.js';
import type { FlowResult } from './index.js';
import { lineOf, named, type Node } from './node.js';
import { step } from './value.js';

// XXE (Python): Bandit reports the import of the standard library's XML modules (B405–B411) and
// names the remedy itself: "Use defused.xmlrpc.monkey_patch() function to monkey-patch xmlrpclib
// and mitigate XML vulnerabilities" (B411), "make sure defusedxml.defuse_stdlib() is called"
// (B405–B410). Both patch the modules in place, for every importer: an import whose own block
// runs one of them, as a statement of its own, is defused wherever the module is then used.

/** What each patch defuses: xmlrpc only, or every XML module of the standard library. */
const PATCHES: Record<string, RegExp> = {
  'defusedxml.xmlrpc.monkey_patch': /^(xmlrpc(\.client|\.server)?|xmlrpclib|SimpleXMLRPCServer)$/,
  'defusedxml.defuse_stdlib':
    /^(xml(\.(etree(\.(ElementTree|cElementTree))?|sax(\.\w+)?|dom(\.(minidom|pulldom|expatbuilder))?))?|xmlrpc(\.client|\.server)?|xmlrpclib|SimpleXMLRPCServer)$/,
};

/** The modules an import statement names (`from m import …`: m; `import a, b as c`: a and b). */
const importedModules = (st: Node): string[] =>
  st.kind() === 'import_from_statement'
    ? [st.field('module_name')?.text() ?? '']
    : st
        .fieldChildren('name')
        .map((n) => (n.kind() === 'aliased_import' ? n.field('name') : n)?.text() ?? '');

/** The patch a statement calls (`monkey_patch()` imported from defusedxml.xmlrpc …), or null. */
const patchCalled = (root: Node, st: Node): string | null => {
  if (st.kind() !== 'expression_statement') return null;
  const call = named(st)[0];
  if (call?.kind() !== 'call' || named(call.field('arguments') ?? call).length) return null;
  const fn = call.field('function')?.text() ?? '';
  const [head = '', ...rest] = fn.split('.');
  // A function of the file by that name is what runs, not the import.
  if (
    root
      .findAll({ rule: { kind: 'function_definition' } })
      .some((f) => f.field('name')?.text() === head)
  )
    return null;
  const imp = importsOf(root, 'python').get(head);
  const full = imp
    ? [imp.name === '*' ? imp.module : `${imp.module}.${imp.name}`, ...rest].join('.')
    : /^[ \t]*import\s+defusedxml(\.xmlrpc)?[ \t]*$/m.test(root.text())
      ? fn
      : '';
  return full in PATCHES ? full : null;
};

export const defusedStdlibImport = (root: Node, line: number): FlowResult | null => {
  const st = root
    .findAll({ rule: { any: [{ kind: 'import_statement' }, { kind: 'import_from_statement' }] } })
    .find((n) => lineOf(n) === line);
  const block = st?.parent();
  if (!st || !block) return null;
  const modules = importedModules(st);
  // A statement of the import's own block: it runs whenever the import does.
  for (const sibling of named(block)) {
    const patch = patchCalled(root, sibling);
    if (!patch || !modules.every((m) => PATCHES[patch]!.test(m))) continue;
    return {
      outcome: 'no-source',
      sanitized: true,
      reason: `${patch}() defuses ${modules.join(', ')} in place, in the block that imports it`,
      path: [step(lineOf(sibling), 'sanitizer', sibling.text()), step(line, 'sink', st.text())],
    };
  }
  return null;
};
