import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { ensurePythonImport } from '../../imports/python-imports.js';
import { quoted } from '../../text/style.js';
import { isTrue, keyword, removeArgument } from '../shared/args.js';
import { importsModule } from '../shared/names.js';

interface Data {
  /** `run`: drop `debug=True` from `app.run(...)`; `assign`: `app.debug = True` and the like. */
  kind: 'run' | 'assign';
  target: SgNode;
}

/** `app.run(..., debug=True)` and `app.debug = True` / `app.config["DEBUG"] = True`. */
const debugSites = (file: SourceFile) => {
  if (!importsModule(file.root, 'flask')) return [];
  const runs = file.root.findAll({ rule: { kind: 'call' } }).flatMap((call) => {
    const callee = call.field('function');
    if (callee?.kind() !== 'attribute' || callee.field('attribute')?.text() !== 'run') return [];
    const debug = keyword(call, 'debug');
    if (!debug || !isTrue(debug.field('value') ?? undefined)) return [];
    return [{ node: call, anchors: [debug], data: { kind: 'run' as const, target: debug } }];
  });
  const assigns = file.root.findAll({ rule: { kind: 'assignment' } }).flatMap((assignment) => {
    const left = assignment.field('left');
    const right = assignment.field('right');
    if (!left || !isTrue(right ?? undefined)) return [];
    const text = left.text().replace(/\s/g, '');
    if (!/^\w+\.debug$/.test(text) && !/^\w+\.config\[["']DEBUG["']\]$/.test(text)) return [];
    return [
      { node: right!, anchors: [assignment], data: { kind: 'assign' as const, target: right! } },
    ];
  });
  return [...runs, ...assigns];
};

/** `remediate:python/flask-debug`: `app.run(debug=True)` → debug mode from `FLASK_DEBUG`. */
export const pythonFlaskDebug = defineCodemod<Data>({
  id: 'remediate:python/flask-debug',
  languages: ['python'],
  rules: {
    bandit: ['B201'],
    codeql: ['py/flask-debug'],
    semgrep: ['python.flask.security.audit.debug-enabled.debug-enabled'],
    sonarqube: ['python:S4507'],
  },
  cwe: [489, 215],
  owasp: ['A05:2021'],
  title: 'Flask debug mode off unless FLASK_DEBUG asks for it',
  description:
    'Removes `debug=True` from `app.run(...)` in a Flask module, so debug mode follows the ' +
    '`FLASK_DEBUG` environment variable (Flask reads it when `debug` is not passed); ' +
    '`app.debug = True` and `app.config["DEBUG"] = True` become ' +
    '`os.environ.get("FLASK_DEBUG") == "1"`.',
  rationale: {
    problem:
      "Flask's debug mode serves the Werkzeug debugger, an interactive Python console in the " +
      'browser on any error page: anyone who reaches the app can run code on the server. ' +
      'Hard-coded, it ships to every environment that runs this entry point.',
    change:
      'Debug mode is no longer forced on: `app.run()` without `debug` uses `FLASK_DEBUG` from ' +
      'the environment, and the assignments read the same variable.',
    safety:
      'Production (no `FLASK_DEBUG`) now runs without the debugger and reloader. Developers keep ' +
      'them with `FLASK_DEBUG=1`, which is also what `flask run` honours.',
  },
  references: [
    { title: 'CWE-489: Active Debug Code', url: 'https://cwe.mitre.org/data/definitions/489.html' },
    {
      title: 'Flask: debug mode',
      url: 'https://flask.palletsprojects.com/en/stable/quickstart/#debug-mode',
    },
    {
      title: 'OWASP A05:2021 Security Misconfiguration',
      url: 'https://owasp.org/Top10/A05_2021-Security_Misconfiguration/',
    },
  ],
  detect: debugSites,
  fix: ({ node, data }, editor, ctx) => {
    if (!data) return;
    if (data.kind === 'run') removeArgument(editor, node, data.target);
    else {
      const os = ensurePythonImport(editor, 'os');
      const q = (value: string) => quoted(editor.file.style, value);
      editor.replace(data.target, `${os}.environ.get(${q('FLASK_DEBUG')}) == ${q('1')}`);
    }
    ctx.note('Set FLASK_DEBUG=1 where you want the debugger (development only).');
  },
});
