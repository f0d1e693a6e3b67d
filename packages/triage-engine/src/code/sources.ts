import type { LanguageFamily } from './language.js';

/** Reads of attacker-controlled input: HTTP requests, per language family. */
const REMOTE: Partial<Record<LanguageFamily, RegExp>> = {
  javascript:
    /\b(req|request|ctx\.request|ctx)\.(query|body|params|headers|cookies|url|originalUrl|path|hostname|get\s*\()|\blocation\.(search|hash|href)|\bdocument\.(URL|cookie|referrer|location)|\bwindow\.name\b|\bevent\.data\b|\bURLSearchParams\b|\bsearchParams\.get\s*\(/,
  python:
    /\brequest\.(args|form|values|json|data|files|cookies|headers|GET|POST|FILES|COOKIES|META|body|query_params|path_params|stream|get_json\s*\(|get_data\s*\(|read\s*\()|\bflask\.request\b|\bself\.get_argument\s*\(|\bsys\.stdin\b|\binput\s*\(/,
  java: /\b(request|req|httpRequest|servletRequest)\.(getParameter\w*|getHeader\w*|getCookies|getQueryString|getInputStream|getReader|getRequestURI|getPathInfo)\s*\(|@(RequestParam|PathVariable|RequestBody|RequestHeader|CookieValue|QueryParam|PathParam|FormParam)\b/,
  go: /\b(r|req|request)\.(URL\.Query\(\)|URL\.Path|URL\.RawQuery|FormValue\s*\(|PostFormValue\s*\(|Form\b|PostForm\b|Header\.Get\s*\(|Body\b|Cookie\s*\()|\bc\.(Query|Param|Params|PostForm|GetHeader|BindJSON|ShouldBind\w*|QueryParam|QueryParams|FormValue|Bind)\s*\(|\bmux\.Vars\s*\(|\bchi\.URLParam\s*\(|\bps\.ByName\s*\(/,
  ruby: /\bparams\[|\brequest\.(params|body|headers)/,
  php: /\$_(GET|POST|REQUEST|COOKIE|SERVER|FILES)\b/,
};

/** Inputs from the machine or its operator (environment, command line, configuration). */
const LOCAL: Partial<Record<LanguageFamily, RegExp>> = {
  javascript: /\bprocess\.(env|argv)\b|\bconfig\.get\s*\(/,
  python:
    /\bos\.(environ|getenv)\b|\bsys\.argv\b|\bargparse\b|\.parse_(?:known_)?args\s*\(|\bsettings\.[A-Z_]+|\bconfig\[/,
  java: /\bSystem\.(getenv|getProperty)\s*\(|\bargs\[\d+\]|@Value\(/,
  go: /\bos\.(Getenv|LookupEnv|Args)\b|\bflag\.(String|Int|Arg|Args)\b|\bviper\.Get\w*\s*\(/,
};

/** The remote-input read in `text`, or null. */
export const remoteSourceIn = (text: string, lang: LanguageFamily | null): string | null => {
  const table = lang ? [REMOTE[lang]] : Object.values(REMOTE);
  for (const re of table) {
    const m = re?.exec(text);
    if (m) return m[0].replace(/\s*\($/, '').trim();
  }
  return null;
};

/** The local-input read in `text` (environment, argv, configuration), or null. */
export const localSourceIn = (text: string, lang: LanguageFamily | null): string | null => {
  const table = lang ? [LOCAL[lang]] : Object.values(LOCAL);
  for (const re of table) {
    const m = re?.exec(text);
    if (m) return m[0].replace(/\s*\($/, '').trim();
  }
  return null;
};
