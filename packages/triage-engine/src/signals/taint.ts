import { URL_ATTRIBUTE_NAMES } from '../code/html-context.js';
import type { CodeContext } from '../code/context.js';
import { callsIn, exprKindOf, type Call } from '../code/expressions.js';
import { combine, originOf, type Origin } from '../code/value-origin.js';
import { WEIGHTS } from '../scoring/weights.js';
import type { Evidence } from '../types.js';

// Sink callees per class (last member name), to pick the call a finding points at.
export const SINKS: Record<string, RegExp> = {
  'sql-injection':
    /^(execute|executemany|executescript|query|raw|rawQuery|executeQuery|executeUpdate|executeLargeUpdate|prepareStatement|prepareCall|createQuery|createNativeQuery|createSQLQuery|Exec|ExecContext|Query|QueryContext|QueryRow|QueryRowContext|Raw|extra|sql|unsafe|\$queryRawUnsafe|\$executeRawUnsafe|text)$/,
  'nosql-injection':
    /^(find|findOne|findOneAndUpdate|update|updateOne|deleteOne|deleteMany|aggregate|where|\$where|count|countDocuments)$/,
  'command-injection':
    /^(exec|execSync|spawn|spawnSync|execFile|execFileSync|system|popen|Popen|run|call|check_output|check_call|getoutput|getstatusoutput|Command|CommandContext|ProcessBuilder|start|execute|shell_exec|passthru)$/,
  'code-injection':
    /^(eval|exec|Function|setTimeout|setInterval|compile|runInContext|runInNewContext|runInThisContext|evaluate|parseExpression|GroovyShell|execfile)$/,
  'path-traversal':
    /^(open|readFile|readFileSync|writeFile|writeFileSync|appendFile|appendFileSync|mkdir|mkdirSync|rename|renameSync|copyFile|copyFileSync|symlink|symlinkSync|rm|rmdir|rmdirSync|outputFile|outputFileSync|createReadStream|createWriteStream|sendFile|download|unlink|unlinkSync|rmSync|readdir|stat|File|FileInputStream|FileOutputStream|FileReader|FileWriter|Open|OpenFile|ReadFile|WriteFile|Create|Remove|ReadDir|send_file|send_from_directory|FileResponse|extractall|extract|newInputStream|newOutputStream|newBufferedReader|newBufferedWriter|newByteChannel|readAllBytes|readAllLines|readString|createDirectories|createFile|deleteIfExists)$/,
  xss: /^(send|write|end|render_template_string|Markup|mark_safe|SafeString|html|append|prepend|insertAdjacentHTML|print|println|printf|Fprintf|Fprint|Write|WriteString|HTML|HttpResponse|make_response|dangerouslySetInnerHTML)$/,
  ssrf: /^(get|post|put|delete|head|request|fetch|urlopen|Request|Get|Post|Head|NewRequest|NewRequestWithContext|openConnection|openStream|URL|axios|got|needle|exchange|getForObject|getForEntity)$/,
  'open-redirect':
    /^(redirect|sendRedirect|Redirect|HttpResponseRedirect|RedirectResponse|location|setHeader|assign|replace)$/,
  'regex-injection':
    /^(RegExp|compile|match|search|fullmatch|sub|split|findall|matches|MustCompile|Compile|MatchString)$/,
  deserialization:
    /^(load|loads|load_all|readObject|readUnshared|unserialize|fromXML|parse|Unmarshal|deserialize|decode)$/,
  'xpath-injection': /^(evaluate|compile|select|xpath|find|findall|selectNodes|selectSingleNode)$/,
  'ldap-injection': /^(search|search_s|searchForObject)$/,
  'log-injection':
    /^(info|warn|warning|error|debug|trace|log|fatal|critical|Printf|Println|Print|Infof|Warnf|Errorf)$/,
  'header-injection': /^(setHeader|addHeader|header|set|Set|Add|writeHead|set_cookie|addCookie)$/,
  'template-injection':
    /^(render|render_template_string|Template|from_string|compile|renderString)$/,
  'file-inclusion': /^(require|import|include|load|__import__|import_module)$/,
};
// Classes whose first argument is the dangerous one (the rest are bound values or options).
export const FIRST_ARGUMENT = new Set([
  'sql-injection',
  'code-injection',
  'path-traversal',
  'ssrf',
  'regex-injection',
  'deserialization',
  'xpath-injection',
  'ldap-injection',
  'template-injection',
  'file-inclusion',
]);
// `Function(a, b, body)` / `new Function(...)`: the parameter list and the body are all code.
export const EVERY_ARGUMENT_IS_CODE = /(^|\.)Function$/;
// Classes where a string assembled from non-literal parts is itself a warning sign.
const BUILT_MATTERS = new Set([
  'sql-injection',
  'nosql-injection',
  'command-injection',
  'code-injection',
  'xpath-injection',
  'ldap-injection',
]);
export const ARGV_STYLE =
  /(^|\.)(Command|CommandContext|ProcessBuilder|execFile|execFileSync|spawn|spawnSync)$/;

// Data handed to the child's standard input: Python's `stdin=` (not DEVNULL/None) or `input=`,
// Node's `{ input: … }` option.
const STDIN_DATA =
  /^\s*(stdin\s*=\s*(?!(\w+\.)*DEVNULL\b|None\b)|input\s*=\s*(?!None\b))|^\s*\{[\s\S]*\binput\s*:/;

// An interpolation right after href=/src=/action=: a URL context, where HTML escaping is not enough.
const URL_ATTRIBUTE = new RegExp(
  `\\b(${URL_ATTRIBUTE_NAMES})\\s*=\\s*["']?\\s*(\\$\\{|["'\`]\\s*\\+|\\{)`,
  'i',
);

/** Signals whose presence means the value at the sink is neutralized. */
export const NEUTRALIZING = new Set([
  'literal_argument',
  'constant_value',
  'sanitizer',
  'numeric_value',
  'validator',
]);

const lastName = (callee: string) => callee.split(/\.|::|\?\./).pop() ?? callee;

/** The call a finding points at: the one under the region, else the first sink-shaped one. */
const sinkCall = (ctx: CodeContext, cls: string): Call | undefined => {
  const calls = callsIn(ctx.sink ?? '', ctx.language);
  const sink = SINKS[cls];
  if (ctx.region) {
    const inRegion = callsIn(ctx.region, ctx.language).find(
      (c) => c.closed && sink?.test(lastName(c.callee)),
    );
    if (inRegion) return inRegion;
  }
  return calls.find((c) => sink?.test(lastName(c.callee)));
};

const isOption = (arg: string) =>
  /^\w+\s*=[^=]/.test(arg) ||
  /^\{[\s\S]*\}$/.test(arg.trim()) ||
  /=>|^function\b|^\(?\s*\w*\s*\)?\s*->/.test(arg) ||
  /^(callback|cb|done|options|opts)$/.test(arg.trim());

/** The expressions whose values reach the sink. */
const payloadOf = (ctx: CodeContext, cls: string): { exprs: string[]; call: Call | undefined } => {
  const call = sinkCall(ctx, cls);
  if (call) {
    const args = call.argTexts.filter((a) => a.trim() !== '');
    if (cls === 'command-injection' && !ARGV_STYLE.test(call.callee))
      return { exprs: args.slice(0, 1), call };
    const used =
      FIRST_ARGUMENT.has(cls) && !EVERY_ARGUMENT_IS_CODE.test(call.callee)
        ? args.slice(0, 1)
        : args.filter((a) => !isOption(a));
    return { exprs: used, call };
  }
  if (ctx.region && exprKindOf(ctx.region, ctx.language) !== 'empty')
    return { exprs: [ctx.region], call };
  const text = (ctx.sink ?? '').trim();
  const assigned =
    /(?:\.innerHTML|\.outerHTML|\.src|\.href|\blocation)\s*\+?=\s*([\s\S]+?);?$/.exec(text);
  if (assigned) return { exprs: [assigned[1]!], call };
  const returned = /^return\s+([\s\S]+?);?$/.exec(text);
  return { exprs: returned ? [returned[1]!] : [], call };
};

const ORIGIN_EVIDENCE: Partial<
  Record<Origin['kind'], [string, Evidence['effect'], number, (d: string) => string]>
> = {
  constant: [
    'constant_value',
    'false_positive',
    WEIGHTS.constantOrigin,
    (d) => `The value reaching the sink is constant (${d}).`,
  ],
  sanitized: [
    'sanitizer',
    'false_positive',
    WEIGHTS.sanitizer,
    (d) =>
      `The value reaching the sink is passed through ${d}, which neutralizes it for this class.`,
  ],
  numeric: [
    'numeric_value',
    'false_positive',
    WEIGHTS.numeric,
    (d) => `The value reaching the sink is a number (${d}); it cannot carry an injection.`,
  ],
  validated: [
    'validator',
    'false_positive',
    WEIGHTS.validator.strong,
    (d) => `The value is checked before the sink (${d}).`,
  ],
  remote: [
    'remote_source',
    'true_positive',
    WEIGHTS.remoteSource,
    (d) => `The value reaching the sink comes from request input (${d}).`,
  ],
  local: [
    'local_source',
    'false_positive',
    WEIGHTS.localSource,
    (d) =>
      `The value comes from the environment, the command line or configuration (${d}), not from a remote user.`,
  ],
};

/** Signals from the code at the sink: literal arguments, where the values come from. */
export const sinkSignals = (ctx: CodeContext, cls: string): Evidence[] => {
  if (!ctx.sink) return [];
  const { exprs, call } = payloadOf(ctx, cls);
  if (exprs.length === 0) return [];
  const kinds = exprs.map((e) => exprKindOf(e, ctx.language));
  // A shell given data on its stdin runs a literal script on that data (`im=$(cat); … $im`).
  const stdinData =
    cls === 'command-injection' && !!call && call.argTexts.some((a) => STDIN_DATA.test(a));
  if (kinds.every((k) => k === 'literal') && !stdinData) {
    const params = cls === 'sql-injection' && call && call.argTexts.length > 1;
    return [
      {
        signal: 'literal_argument',
        effect: 'false_positive',
        detail: params
          ? `The SQL text passed to ${call.callee} is a literal and the values are bound separately (a parameterized query).`
          : `Every value passed to ${call?.callee ?? 'the sink'} is a literal; no input reaches it.`,
        weight: WEIGHTS.literalArgument,
      },
    ];
  }
  const scope = { lines: ctx.lines, line: ctx.line ?? 1, lang: ctx.language, cls };
  const origin = combine(exprs.map((e) => originOf(e, scope)));
  const out: Evidence[] = [];
  const mapped = ORIGIN_EVIDENCE[origin.kind];
  if (origin.kind === 'sanitized' && cls === 'xss' && URL_ATTRIBUTE.test(ctx.sink))
    out.push({
      signal: 'sanitizer_wrong_context',
      effect: 'true_positive',
      detail: `HTML escaping (${origin.detail}) does not make a value safe in a URL attribute: javascript: URLs pass through it.`,
      weight: WEIGHTS.builtFromInput,
    });
  else if (mapped) {
    const [signal, effect, weight, text] = mapped;
    const w = origin.kind === 'validated' && !origin.strong ? WEIGHTS.validator.weak : weight;
    out.push({ signal, effect, detail: text(origin.detail), weight: w });
  }
  if (origin.kind === 'unknown' && BUILT_MATTERS.has(cls) && kinds.some((k) => k === 'built'))
    out.push({
      signal: 'built_from_input',
      effect: 'true_positive',
      detail: `The ${cls === 'sql-injection' ? 'query' : 'command'} is assembled from non-literal parts by concatenation or formatting.`,
      weight: WEIGHTS.builtFromInput,
    });
  return stdinData ? out.filter((e) => e.signal !== 'constant_value') : out;
};
