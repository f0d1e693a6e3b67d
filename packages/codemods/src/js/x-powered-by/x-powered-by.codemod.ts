import { defineCodemod } from '../../engine/define.js';
import { enclosingStatement } from '../../engine/source-file.js';
import { quoted, semi } from '../../text/style.js';
import { expressApps, type ExpressApp } from './express-apps.js';

/** `remediate:js/x-powered-by`: an Express app that announces itself → `app.disable('x-powered-by')`. */
export const jsXPoweredBy = defineCodemod<ExpressApp>({
  id: 'remediate:js/x-powered-by',
  languages: ['javascript', 'typescript', 'tsx'],
  rules: {
    eslint: ['sonarjs/x-powered-by'],
    sonarqube: ['javascript:S5689', 'typescript:S5689'],
    snyk: ['javascript/DisablePoweredBy'],
  },
  cwe: [200],
  owasp: ['A05:2021'],
  title: 'Stop Express announcing itself in X-Powered-By',
  description:
    "Adds `app.disable('x-powered-by')` right after `const app = express()` (default, namespace " +
    'or `require` binding of `express`, TypeScript annotations and `as` casts included), or ' +
    "rewrites an explicit `app.set('x-powered-by', true)`/`app.enable('x-powered-by')` into it. " +
    'Apps that already hide the header (`disable`, `set(…, false)`, Helmet) are left alone.',
  rationale: {
    problem:
      'Express sends `X-Powered-By: Express` on every response by default, telling anyone ' +
      'which framework (and so which known vulnerabilities) to try against the server.',
    change:
      "`app.disable('x-powered-by')` is called on the application right where it is created, " +
      'before any route or middleware is registered.',
    safety:
      'Only that response header disappears; no route, middleware or other header changes. ' +
      'Browsers and clients do not rely on it.',
  },
  references: [
    {
      title: 'Express security best practices: reduce fingerprinting',
      url: 'https://expressjs.com/en/advanced/best-practice-security.html#reduce-fingerprinting',
    },
    {
      title: 'CWE-200: Exposure of Sensitive Information',
      url: 'https://cwe.mitre.org/data/definitions/200.html',
    },
  ],
  detect: (file) =>
    expressApps(file.root)
      .filter((app) => app.state.kind !== 'hidden')
      .map((app) =>
        // An explicit `set(…, true)` is the node the fix rewrites, so the diff stays on it.
        app.state.kind === 'enabled'
          ? { node: app.state.call, anchors: [app.call, app.declarator], data: app }
          : { node: app.call, anchors: [app.declarator], data: app },
      ),
  fix: ({ data }, editor) => {
    if (!data) return;
    const { style, lines } = editor.file;
    const disable = `${data.name}.disable(${quoted(style, 'x-powered-by')})`;
    if (data.state.kind === 'enabled') return editor.replace(data.state.call, disable);
    const statement = enclosingStatement(data.declarator);
    const line = statement.range().end.line;
    editor.insert(
      lines.lineEnd(line),
      `\n${lines.indentOf(statement.range().start.line)}${disable}${semi(style)}`,
    );
  },
});
