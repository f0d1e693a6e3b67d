/** Names that hold credentials (variables, keys of environment maps). */
export const looksSecretName = (name: string): boolean =>
  /(PASSWORD|PASSWD|SECRET|TOKEN|PRIVATE_KEY|API_KEY|ENCRYPTION_KEY|CREDENTIAL)/i.test(name);

const INTERPOLATION = /^\$\{[A-Za-z_][A-Za-z0-9_]*(?:(?::?[-?+])[^}]*)?\}$/;

/**
 * Why `value` (under `name`) looks like a literal secret, or undefined: a secret-named setting
 * with a literal value (anything but one `${VAR}` interpolation), or a URL carrying a literal
 * password.
 */
export const secretProblem = (name: string, value: string): string | undefined => {
  if (looksSecretName(name) && value !== '' && !INTERPOLATION.test(value)) {
    return `${name} has a literal value; take it from .env (\${VAR:?message})`;
  }
  const url = /^[a-z][a-z0-9+.-]*:\/\/([^/@\s]*):([^/@\s]+)@/i.exec(value);
  if (url?.[2] && !INTERPOLATION.test(url[2])) {
    return `${name} holds a URL with a literal password`;
  }
  return undefined;
};
