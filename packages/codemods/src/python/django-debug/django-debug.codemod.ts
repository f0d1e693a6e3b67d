import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { ensurePythonImport } from '../../imports/python-imports.js';
import { quoted } from '../../text/style.js';
import { isTrue } from '../shared/args.js';
import { isProductionSettings } from '../shared/django.js';

interface Data {
  /** The local name of a django-environ `Env()` in the file, if there is one. */
  env: string | null;
}

/** The `env` of `env = environ.Env(...)` (django-environ), or null. */
const environName = (root: SgNode): string | null => {
  const call = root
    .findAll({ rule: { kind: 'assignment' } })
    .find((a) => /^(environ\.)?Env\(/.test(a.field('right')?.text() ?? ''));
  return call?.field('left')?.kind() === 'identifier' ? call.field('left')!.text() : null;
};

/** A top-level `DEBUG = True` in a production settings module. */
const debugOn = (file: SourceFile) => {
  if (!isProductionSettings(file)) return [];
  return file.root
    .children()
    .filter((n) => n.kind() === 'expression_statement')
    .map((n) => n.child(0))
    .filter(
      (a): a is SgNode =>
        a?.kind() === 'assignment' &&
        a.field('left')?.text() === 'DEBUG' &&
        isTrue(a.field('right') ?? undefined),
    )
    .map((a) => ({ node: a.field('right')!, anchors: [a], data: { env: environName(file.root) } }));
};

/** `remediate:python/django-debug`: `DEBUG = True` in settings → from the environment. */
export const pythonDjangoDebug = defineCodemod<Data>({
  id: 'remediate:python/django-debug',
  languages: ['python'],
  rules: { sonarqube: ['python:S4507'] },
  cwe: [489, 215],
  owasp: ['A05:2021'],
  title: 'Django DEBUG from the environment instead of True',
  description:
    'In a Django settings module (`settings.py`, `settings/<name>.py` or any module defining ' +
    '`INSTALLED_APPS`/`MIDDLEWARE`), turns `DEBUG = True` into `DEBUG = ' +
    'os.environ.get("DJANGO_DEBUG") == "1"` (or `env.bool("DJANGO_DEBUG", default=False)` when ' +
    'the module uses django-environ). Settings for development, local runs and tests ' +
    '(`dev.py`, `local.py`, `test_settings.py`, ...) are left alone.',
  rationale: {
    problem:
      'With `DEBUG = True` Django answers every error with a page listing the stack, local ' +
      'variables, settings and SQL, and keeps every query in memory. Hard-coded, it is on in ' +
      'every environment that loads these settings.',
    change:
      'DEBUG is now off unless the `DJANGO_DEBUG` environment variable is `1` (django-environ: ' +
      'a true value).',
    safety:
      'Production (no variable) gets the normal 500 page and needs `ALLOWED_HOSTS` set, as any ' +
      'Django deployment does; developers set `DJANGO_DEBUG=1` locally.',
  },
  references: [
    { title: 'CWE-489: Active Debug Code', url: 'https://cwe.mitre.org/data/definitions/489.html' },
    {
      title: 'Django settings: DEBUG',
      url: 'https://docs.djangoproject.com/en/stable/ref/settings/#debug',
    },
    {
      title: 'OWASP A05:2021 Security Misconfiguration',
      url: 'https://owasp.org/Top10/A05_2021-Security_Misconfiguration/',
    },
  ],
  detect: debugOn,
  fix: ({ node, data }, editor, ctx) => {
    const q = (value: string) => quoted(editor.file.style, value);
    if (data?.env) {
      editor.replace(node, `${data.env}.bool(${q('DJANGO_DEBUG')}, default=False)`);
    } else {
      const os = ensurePythonImport(editor, 'os');
      editor.replace(node, `${os}.environ.get(${q('DJANGO_DEBUG')}) == ${q('1')}`);
    }
    ctx.note('Set DJANGO_DEBUG=1 in development environments.');
  },
});
