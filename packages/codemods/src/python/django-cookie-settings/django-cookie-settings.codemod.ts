import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { quoted } from '../../text/style.js';
import { isProductionSettings } from '../shared/django.js';

interface Data {
  setting: string;
}

/** The settings that weaken Django's session and CSRF cookies, and the value that does not. */
const SAFE: Record<string, { weak: (value: SgNode) => boolean; safe: 'True' | 'Lax' }> = {
  SESSION_COOKIE_SECURE: { weak: (v) => v.kind() === 'false', safe: 'True' },
  CSRF_COOKIE_SECURE: { weak: (v) => v.kind() === 'false', safe: 'True' },
  SESSION_COOKIE_HTTPONLY: { weak: (v) => v.kind() === 'false', safe: 'True' },
  SESSION_COOKIE_SAMESITE: {
    weak: (v) => v.kind() === 'none' || /^['"]None['"]$/.test(v.text()),
    safe: 'Lax',
  },
  CSRF_COOKIE_SAMESITE: {
    weak: (v) => v.kind() === 'none' || /^['"]None['"]$/.test(v.text()),
    safe: 'Lax',
  },
};

/** Top-level assignments of a weak cookie setting in a production settings module. */
const weakSettings = (file: SourceFile) => {
  if (!isProductionSettings(file)) return [];
  return file.root
    .children()
    .filter((n) => n.kind() === 'expression_statement')
    .flatMap((statement) => {
      const assignment = statement.child(0);
      const setting =
        assignment?.kind() === 'assignment' ? assignment.field('left')?.text() : undefined;
      const value = assignment?.field('right');
      const rule = setting ? SAFE[setting] : undefined;
      if (!setting || !value || !rule?.weak(value)) return [];
      return [{ node: value, anchors: [assignment!], data: { setting } }];
    });
};

/** `remediate:python/django-cookie-settings`: `SESSION_COOKIE_SECURE = False` and the like → safe. */
export const pythonDjangoCookieSettings = defineCodemod<Data>({
  id: 'remediate:python/django-cookie-settings',
  languages: ['python'],
  rules: { sonarqube: ['python:S2092', 'python:S3330'] },
  cwe: [614, 1004, 1275],
  owasp: ['A05:2021'],
  title: 'Secure Django session and CSRF cookie settings',
  description:
    'In a Django settings module (not a development or test one), turns ' +
    '`SESSION_COOKIE_SECURE = False` and `CSRF_COOKIE_SECURE = False` into `True`, ' +
    '`SESSION_COOKIE_HTTPONLY = False` into `True`, and `SESSION_COOKIE_SAMESITE`/' +
    '`CSRF_COOKIE_SAMESITE = None` into `"Lax"`.',
  rationale: {
    problem:
      'These settings send the session and CSRF cookies over plain HTTP, let scripts read the ' +
      'session cookie, or attach the cookies to cross-site requests: network observers and ' +
      'injected scripts can steal sessions, and other sites can forge requests.',
    change:
      'The cookies are HTTPS-only, the session cookie is out of reach of scripts, and both are ' +
      'sent with `SameSite=Lax`, which are the values Django recommends for production.',
    safety:
      'A site served over HTTPS keeps working; a plain-HTTP deployment, or one that needs the ' +
      'cookies on cross-site POSTs, must opt out explicitly in its own environment settings.',
  },
  references: [
    {
      title: "CWE-614: Sensitive Cookie Without 'Secure' Attribute",
      url: 'https://cwe.mitre.org/data/definitions/614.html',
    },
    {
      title: 'Django deployment checklist',
      url: 'https://docs.djangoproject.com/en/stable/howto/deployment/checklist/',
    },
    {
      title: 'OWASP A05:2021 Security Misconfiguration',
      url: 'https://owasp.org/Top10/A05_2021-Security_Misconfiguration/',
    },
  ],
  detect: weakSettings,
  fix: ({ node, data }, editor) => {
    if (!data) return;
    const safe = SAFE[data.setting]!.safe;
    editor.replace(node, safe === 'Lax' ? quoted(editor.file.style, 'Lax') : safe);
  },
});
