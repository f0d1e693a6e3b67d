import type { CodeContext } from '../code/context.js';
import { WEIGHTS } from '../scoring/weights.js';
import type { Evidence } from '../types.js';

const MAIN_GUARD = /^\s*if\s+__name__\s*==\s*['"]__main__['"]\s*:/;
const FROM_ENV =
  /\b(os\.environ|os\.getenv|process\.env|System\.getenv|os\.Getenv|settings\.|config\.)/;
const LOCALHOST = /\b(localhost|127\.0\.0\.1|\[::1\])\b/;

/** Debug mode behind a development entry point or an environment switch. */
export const debugSignals = (ctx: CodeContext): Evidence[] => {
  const sink = ctx.sink ?? '';
  if (FROM_ENV.test(sink))
    return [
      {
        signal: 'setting_from_environment',
        effect: 'false_positive',
        detail: 'The setting is read from the environment or configuration, not fixed in code.',
        weight: WEIGHTS.settingFromEnvironment,
      },
    ];
  if (ctx.lines && ctx.line) {
    const indent = /^\s*/.exec(ctx.lines[ctx.line - 1] ?? '')?.[0].length ?? 0;
    for (let k = ctx.line - 2; k >= 0 && k >= ctx.line - 30; k--) {
      const l = ctx.lines[k]!;
      if (MAIN_GUARD.test(l) && (/^\s*/.exec(l)?.[0].length ?? 0) < indent)
        return [
          {
            signal: 'development_entry_point',
            effect: 'false_positive',
            detail:
              'It runs only when the module is started directly (the development server entry point).',
            weight: WEIGHTS.devEntryPoint,
          },
        ];
    }
  }
  return [];
};

/** Certificate checks disabled for a loopback address only. */
export const tlsSignals = (ctx: CodeContext): Evidence[] =>
  LOCALHOST.test(ctx.sink ?? '')
    ? [
        {
          signal: 'loopback_target',
          effect: 'false_positive',
          detail:
            'The connection goes to the loopback interface, where certificates protect nothing.',
          weight: WEIGHTS.localhostTarget,
        },
      ]
    : [];
