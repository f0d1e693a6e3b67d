import type { SourceFile } from '../../engine/source-file.js';

/** Settings modules for development and tests, where `DEBUG = True` is the point. */
const DEV_SETTINGS = /(^|[/_.-])(dev|devel|development|local|test|tests|testing|ci)(\.py$|[/_.-])/i;

const SETTINGS_NAMES = new Set(['INSTALLED_APPS', 'ROOT_URLCONF', 'MIDDLEWARE', 'DATABASES']);

/** True for a Django settings module (not a development or test one). */
export const isProductionSettings = (file: SourceFile): boolean => {
  const path = file.path.replace(/\\/g, '/');
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (DEV_SETTINGS.test(base) || /\/(tests?|testing)\//.test(path)) return false;
  const named = base === 'settings.py' || /\/settings\/[^/]+\.py$/.test(path);
  const assigned = file.root
    .children()
    .filter((n) => n.kind() === 'expression_statement')
    .some((n) => SETTINGS_NAMES.has(n.child(0)?.field('left')?.text() ?? ''));
  return named || assigned;
};
