import type { JsonSchema } from '../api/openapi.js';
import { Field } from './ui.js';

/** Words of setting names that are written in capitals (`max_open_prs` reads "Max open PRs"). */
const ACRONYMS: Record<string, string> = { pr: 'PR', prs: 'PRs', sarif: 'SARIF', url: 'URL' };

const title = (key: string) =>
  key
    .split('_')
    .map((w) => ACRONYMS[w] ?? w)
    .join(' ')
    .replace(/^./, (c) => c.toUpperCase());

/** Form values as the API wants them; arrays of strings are edited one item per line. */
export type Values = Record<string, unknown>;

/**
 * One labelled control per property of an object schema (checkbox, select, number, text,
 * one-per-line list), each showing the API's error for its path (`${pathPrefix}/${key}`).
 */
export const SchemaFields = ({
  schema,
  values,
  onChange,
  errorAt,
  pathPrefix = '',
}: {
  schema: JsonSchema;
  values: Values;
  onChange: (key: string, value: unknown) => void;
  errorAt: (path: string) => string | undefined;
  pathPrefix?: string;
}) => (
  <>
    {Object.entries(schema.properties ?? {}).map(([key, prop]) => {
      const error = errorAt(`${pathPrefix}/${key}`);
      const value = values[key];
      const hint = prop.description?.replace(/`/g, '');
      if (prop.type === 'boolean')
        return (
          <div key={key} className={error ? 'field check invalid' : 'field check'}>
            <label>
              <input
                type="checkbox"
                checked={value === true}
                onChange={(e) => onChange(key, e.target.checked)}
              />{' '}
              {title(key)}
            </label>
            {hint && <p className="hint">{hint}</p>}
            {error && (
              <p className="error" role="alert">
                {error}
              </p>
            )}
          </div>
        );
      return (
        <Field key={key} label={title(key)} error={error} {...(hint ? { hint } : {})}>
          {(p) =>
            prop.enum ? (
              <select
                {...p}
                value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
                onChange={(e) => onChange(key, e.target.value || undefined)}
              >
                {(!schema.required?.includes(key) || value === undefined) && (
                  <option value="">—</option>
                )}
                {prop.enum.map((o) => (
                  <option key={String(o)} value={String(o)}>
                    {String(o).replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
            ) : prop.type === 'array' ? (
              <textarea
                {...p}
                rows={3}
                value={Array.isArray(value) ? value.join('\n') : ''}
                onChange={(e) =>
                  onChange(
                    key,
                    e.target.value
                      .split('\n')
                      .map((s) => s.trim())
                      .filter(Boolean),
                  )
                }
              />
            ) : prop.type === 'number' || prop.type === 'integer' ? (
              <input
                {...p}
                type="number"
                step={prop.type === 'integer' ? 1 : 'any'}
                min={prop.minimum}
                max={prop.maximum}
                value={typeof value === 'number' ? value : ''}
                onChange={(e) =>
                  onChange(key, e.target.value === '' ? undefined : Number(e.target.value))
                }
              />
            ) : (prop.maxLength ?? 0) > 200 ? (
              <textarea
                {...p}
                rows={4}
                maxLength={prop.maxLength}
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => onChange(key, e.target.value)}
              />
            ) : (
              <input
                {...p}
                type="text"
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => onChange(key, e.target.value)}
              />
            )
          }
        </Field>
      );
    })}
  </>
);
