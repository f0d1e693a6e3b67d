/** Language families the code signals know. */
export type LanguageFamily = 'javascript' | 'python' | 'java' | 'go' | 'ruby' | 'php' | 'csharp';

const EXTENSIONS: Record<string, LanguageFamily> = {
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'javascript',
  tsx: 'javascript',
  mts: 'javascript',
  cts: 'javascript',
  vue: 'javascript',
  py: 'python',
  pyw: 'python',
  java: 'java',
  kt: 'java',
  scala: 'java',
  groovy: 'java',
  jsp: 'java',
  go: 'go',
  rb: 'ruby',
  php: 'php',
  cs: 'csharp',
};

/** The language family of a repository path from its extension, or null. */
export const languageFamily = (path: string): LanguageFamily | null => {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return null;
  return EXTENSIONS[path.slice(dot + 1).toLowerCase()] ?? null;
};
