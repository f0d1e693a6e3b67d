import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { notApplicable } from '../../engine/codemod.js';
import { ensureHelper } from '../../imports/helpers.js';
import { ensureJsMember } from '../../imports/js-imports.js';
import { quoted } from '../../text/style.js';
import { argsOf, calleeName } from '../common/calls.js';
import { unwrap } from '../common/request-input.js';
import { declaredSource } from '../common/declared-source.js';
import { confinedPath, constantSegments, isFileSink, type Confined } from './sinks.js';
import type { Site } from '../../types.js';

/** `joined`: a standalone `path.join`, whose value was relative when its root was. */
type Data = Confined & { joined?: boolean };

const isPathBuild = (call: SgNode): boolean => {
  const callee = call.field('function');
  return (
    callee?.kind() === 'member_expression' &&
    ['join', 'resolve'].includes(callee.field('property')?.text() ?? '') &&
    /^(path|posix|nodePath)$/.test(callee.field('object')?.text() ?? '')
  );
};

/** True when `call` is the path argument of a file-system call (that site covers it). */
const argOfFileSink = (call: SgNode): boolean => {
  const args = call.parent();
  const outer = args?.parent();
  return (
    args?.kind() === 'arguments' &&
    outer?.kind() === 'call_expression' &&
    isFileSink(outer) &&
    argsOf(outer)[0]?.id() === call.id()
  );
};

const HELPER = 'resolveInside';
const PATH = { module: 'node:path', aliases: ['path'], namespace: 'path' } as const;

/** `remediate:js/path-traversal`: file paths joined from input → confined to their root. */
export const jsPathTraversal = defineCodemod<Data>({
  id: 'remediate:js/path-traversal',
  languages: ['javascript', 'typescript', 'tsx'],
  rules: {
    codeql: ['js/path-injection'],
    semgrep: [
      'javascript.lang.security.audit.path-traversal.path-join-resolve-traversal.path-join-resolve-traversal',
      'javascript.express.security.audit.express-path-join-resolve-traversal.express-path-join-resolve-traversal',
      'javascript.lang.security.audit.detect-non-literal-fs-filename.detect-non-literal-fs-filename',
      'javascript_pathtraversal_rule-non-literal-fs-filename',
      'rules_lgpl_javascript_traversal_rule-generic-path-traversal',
    ],
    eslint: ['security/detect-non-literal-fs-filename'],
    njsscan: ['generic_path_traversal'],
    snyk: ['javascript/PT'],
    sonarqube: ['javascript:S2083', 'jssecurity:S2083', 'typescript:S2083', 'tssecurity:S2083'],
  },
  cwe: [22, 23],
  owasp: ['A01:2021'],
  title: 'Confine file paths built from input to their directory',
  description:
    'A file-system call (`fs.*`, `fs/promises`, `res.sendFile`, `res.download`) whose path is ' +
    '`path.join(root, ...)`, `path.resolve(root, ...)`, `` `${root}/${name}` `` or `root + name` ' +
    '(in the call, or in a `const` built for it lines earlier) gets the path from a ' +
    '`resolveInside(root, ...segments)` helper, which resolves it and throws unless it stays ' +
    'strictly inside the root directory. Declined with the reason: a path that is one value ' +
    'with no directory in the code (the allowed directory is the caller\u2019s decision) and a ' +
    'path joining only constant names to its directory.',
  rationale: {
    problem:
      'A segment such as `../../etc/passwd` (or an absolute path) walks out of the intended ' +
      'directory, so the call reads, writes or deletes any file the process can reach.',
    change:
      'The path is built by `resolveInside`, added once to the file: it resolves the root and ' +
      'the segments with `path.resolve` and throws unless the result starts with ' +
      '`root + path.sep`.',
    safety:
      'Paths that stay inside the root resolve to the same file as before (as an absolute ' +
      'path). Paths that escape now throw an error instead of reaching the file system; map ' +
      'that error to a 400/404 response where the route needs one.',
  },
  references: [
    {
      title: 'CWE-22: Path Traversal',
      url: 'https://cwe.mitre.org/data/definitions/22.html',
    },
    {
      title: 'OWASP Path Traversal',
      url: 'https://owasp.org/www-community/attacks/Path_Traversal',
    },
    { title: 'Node.js path.resolve', url: 'https://nodejs.org/api/path.html#pathresolvepaths' },
  ],
  detect: (file) => [
    ...file.root
      .findAll({ rule: { kind: 'call_expression' } })
      .filter(isFileSink)
      .flatMap((call): Site<Data>[] => {
        const arg = argsOf(call)[0];
        if (!arg || calleeName(unwrap(arg)) === HELPER) return [];
        if (['string', 'number'].includes(String(unwrap(arg).kind()))) return [];
        const quote = file.style.quote;
        const confined = confinedPath(arg, quote);
        if (confined) return [{ node: arg, anchors: [call], data: confined }];
        // A path built in a `const` a few lines up (used by this call only) is confined there.
        const declared = declaredSource(arg, (v) => confinedPath(v, quote) !== null);
        if (declared?.block) {
          return [
            {
              node: declared.value,
              anchors: [call, arg],
              scope: declared.block,
              data: confinedPath(declared.value, quote)!,
            },
          ];
        }
        return [
          {
            node: arg,
            anchors: [call],
            decline: constantSegments(arg)
              ? 'the path joins only constant names to its directory: no outside value chooses the file'
              : 'the whole path is one value with no directory in the code to confine it to; which directory is allowed is the caller\u2019s decision',
          },
        ];
      }),
    // `path.join(root, name)` / `path.resolve(...)` outside a file call (Semgrep reports the
    // join itself): the value is confined where it is built.
    ...file.root
      .findAll({ rule: { kind: 'call_expression' } })
      .filter((call) => isPathBuild(call) && !argOfFileSink(call))
      .flatMap((call): Site<Data>[] => {
        const confined = confinedPath(call, file.style.quote);
        if (confined)
          return [{ node: call, data: { ...confined, joined: calleeName(call) === 'join' } }];
        return constantSegments(call)
          ? [
              {
                node: call,
                decline:
                  'the path joins only constant names to its directory: no outside value chooses the file',
              },
            ]
          : [];
      }),
  ],
  fix: ({ node, data }, editor, ctx) => {
    if (!data) return;
    const ts = editor.file.language !== 'javascript';
    const resolve = ensureJsMember(editor, ctx, { ...PATH, member: 'resolve' });
    const sep = ensureJsMember(editor, ctx, { ...PATH, member: 'sep' });
    const semi = editor.file.style.semicolons ? ';' : '';
    const helper = ensureHelper(editor, {
      name: HELPER,
      code: [
        '/** `segments` resolved under `root`; throws when the result would leave `root`. */',
        `function ${HELPER}(root${ts ? ': string' : ''}, ...segments${ts ? ': string[]' : ''})${ts ? ': string' : ''} {`,
        `\tconst base = ${resolve}(root)${semi}`,
        `\tconst target = ${resolve}(base, ...segments)${semi}`,
        `\tif (!target.startsWith(base + ${sep})) {`,
        `\t\tthrow new Error(${quoted(editor.file.style, 'path outside of its root directory')})${semi}`,
        '\t}',
        `\treturn target${semi}`,
        '}',
      ].join('\n'),
    });
    if (!helper) return notApplicable('unsafe_to_change', `\`${HELPER}\` is already taken`);
    editor.replace(node, `${helper}(${[data.root, ...data.segments].join(', ')})`);
    if (data.joined && !/^(__dirname|import\.meta\.dirname|process\.cwd\(\))$/.test(data.root)) {
      ctx.behaviourChange(
        'path.join gave a path relative to the working directory when its root was relative; resolveInside gives the same file as an absolute path',
      );
    }
    ctx.note(
      'A path that leaves its directory now throws: answer 400 or 404 for it where the route needs to.',
    );
  },
});
