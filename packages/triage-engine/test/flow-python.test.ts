import { describe, expect, it } from 'vitest';
import { reconstructFlow } from '../src/flow/index.js';
import { pathText } from './build.js';

// Python written the way projects write it: tabs, local imports, aliases, multi-line calls.
const at = (text: string, marker: string) =>
  text.split('\n').findIndex((l) => l.includes(marker)) + 1;

const flow = (text: string, cls: string, marker = '# sink', uri = 'app/views.py') =>
  reconstructFlow({ uri, text, line: at(text, marker), endLine: null, cls });

describe('flow reconstruction: Python', () => {
  it('request input through assignment and an f-string reaches the sink', () => {
    const src = [
      'from flask import request, Blueprint',
      'import sqlite3 as db',
      '',
      'bp = Blueprint("orders", __name__)',
      '',
      '@bp.route("/orders")',
      'def orders():',
      '\tcustomer = request.args.get("customer", "")',
      '\tquery = f"SELECT * FROM orders WHERE customer = \'{customer}\'"',
      '\tconn = db.connect("shop.db")',
      '\treturn conn.execute(query).fetchall()  # sink',
    ].join('\n');
    const r = flow(src, 'sql-injection')!;
    expect(r.outcome).toBe('input');
    expect(r.path.map((s) => s.kind)).toContain('source');
    expect(r.path.at(-1)!.kind).toBe('sink');
  });

  it('overwrite by a constant kills the input', () => {
    const src = [
      'from flask import request',
      '',
      'def lookup():',
      '\tname = request.form["name"]',
      '\tname = "guest"',
      '\tsql = "SELECT id FROM users WHERE name = \'%s\'" % name',
      '\tcursor.execute(sql)  # sink',
    ].join('\n');
    const r = flow(src, 'sql-injection')!;
    expect(r.outcome).toBe('no-source');
    expect(r.path.some((s) => s.kind === 'kill')).toBe(true);
  });

  it('augmented assignment and str.format propagate', () => {
    const src = [
      'import subprocess',
      'from flask import request',
      '',
      'def run():',
      '\tcmd = "ls "',
      '\tcmd += request.args["dir"]',
      '\tline = "{} -la".format(cmd)',
      '\tsubprocess.run(  # sink',
      '\t\tline,',
      '\t\tshell=True,',
      '\t)',
    ].join('\n');
    expect(flow(src, 'command-injection')!.outcome).toBe('input');
  });

  it('the other element of a list and a dict entry with a constant key carry no input', () => {
    const src = [
      'from flask import request',
      '',
      'def handler():',
      '\tparam = request.headers.get("X-Value")',
      '\tvalues = ["safe", param, "moresafe"]',
      '\tvalues.pop(0)',
      '\tpicked = values[1]',
      '\tcfg = {"a": param, "b": "constant"}',
      '\tother = cfg["b"]',
      '\tos.system("echo " + picked + other)  # sink',
    ].join('\n');
    const r = flow(src, 'command-injection')!;
    expect(r.outcome).toBe('no-source');
    const tainted = src.replace('values[1]', 'values[0]');
    expect(flow(tainted, 'command-injection')!.outcome).toBe('input');
  });

  it('a ternary whose condition folds to a constant keeps only its taken side', () => {
    const src = [
      'from flask import request',
      '',
      'def handler():',
      '\tparam = request.cookies.get("q")',
      '\tnum = 106',
      '\tbar = "This should always happen" if 7 * 18 + num > 200 else param',
      '\teval(bar)  # sink',
    ].join('\n');
    const r = flow(src, 'code-injection')!;
    expect(r.outcome).toBe('no-source');
    expect(r.path.some((s) => s.kind === 'branch')).toBe(true);
    expect(flow(src.replace('> 200', '< 200'), 'code-injection')!.outcome).toBe('input');
  });

  it('if/elif/else joins the branches it cannot decide and drops the dead one', () => {
    const src = [
      'from flask import request',
      '',
      'def handler(mode):',
      '\tvalue = request.args["v"]',
      '\tif "abc" == "abd":',
      '\t\tquery = value',
      '\telif mode:',
      '\t\tquery = "SELECT 1"',
      '\telse:',
      '\t\tquery = "SELECT 2"',
      '\tcursor.execute(query)  # sink',
    ].join('\n');
    expect(flow(src, 'sql-injection')!.outcome).toBe('no-source');
    const live = src.replace('"abc" == "abd"', 'mode == "raw"');
    expect(flow(live, 'sql-injection')!.outcome).toBe('input');
  });

  it('match on a constant takes one case', () => {
    const src = [
      'from flask import request',
      '',
      'def handler():',
      '\tparam = request.args.get("p")',
      '\tswitch_target = "B"',
      '\tmatch switch_target:',
      '\t\tcase "A":',
      '\t\t\tbar = param',
      '\t\tcase "B":',
      '\t\t\tbar = "bob"',
      '\t\tcase _:',
      '\t\t\tbar = param',
      '\tos.system(bar)  # sink',
    ].join('\n');
    expect(flow(src, 'command-injection')!.outcome).toBe('no-source');
    expect(flow(src.replace('"B"\n', '"A"\n'), 'command-injection')!.outcome).toBe('input');
  });

  it('a sanitizer matched to the sink kills, one for another class does not', () => {
    const src = [
      'import shlex',
      'from flask import request',
      '',
      'def handler():',
      '\tname = request.args["file"]',
      '\tsafe = shlex.quote(name)',
      '\tos.system("cat " + safe)  # sink',
    ].join('\n');
    const r = flow(src, 'command-injection')!;
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    const wrong = src.replace('shlex.quote(name)', 'html.escape(name)');
    expect(flow(wrong, 'command-injection')!.outcome).toBe('input');
    const numeric = src.replace('shlex.quote(name)', 'int(name)');
    expect(flow(numeric, 'command-injection')!.outcome).toBe('no-source');
  });

  it('a same-file helper is entered with its argument (summary)', () => {
    const src = [
      'from flask import request',
      '',
      'def _pick(value):',
      '\tif value:',
      '\t\treturn "static"',
      '\treturn "other"',
      '',
      'def _echo(value):',
      '\treturn "x" + value',
      '',
      'def handler():',
      '\tparam = request.args["p"]',
      '\tcursor.execute(_pick(param))  # sink',
    ].join('\n');
    expect(flow(src, 'sql-injection')!.outcome).toBe('no-source');
    expect(flow(src.replace('_pick(param)', '_echo(param)'), 'sql-injection')!.outcome).toBe(
      'input',
    );
  });

  it('route parameters are input; plain helper parameters leave it undecided', () => {
    const route = [
      '@app.get("/files/<name>")',
      'def download(name):',
      '\treturn open(name).read()  # sink',
    ].join('\n');
    expect(flow(route, 'path-traversal')!.outcome).toBe('input');
    const helper = ['def load(name):', '\treturn open(name).read()  # sink'].join('\n');
    const r = flow(helper, 'path-traversal')!;
    expect(r.outcome).toBe('undecided');
    expect(r.reason).toMatch(/parameter name/);
  });

  it('environment only is local; module constants are constants; unknown callees stay undecided', () => {
    const env = ['import os', 'def main():', '\tos.system(os.environ["EDITOR"])  # sink'].join(
      '\n',
    );
    expect(flow(env, 'command-injection')!.outcome).toBe('local');
    const constant = [
      'REPORT_SQL = "SELECT count(*) FROM orders"',
      'def report(cursor):',
      '\tcursor.execute(REPORT_SQL)  # sink',
    ].join('\n');
    expect(flow(constant, 'sql-injection')!.outcome).toBe('no-source');
    const opaque = [
      'from .queries import build',
      'def report():',
      '\tcursor.execute(build())  # sink',
    ].join('\n');
    expect(flow(opaque, 'sql-injection')!.outcome).toBe('undecided');
  });

  it('compile() hands eval the code of the source it was given', () => {
    const src = [
      'from flask import request',
      '',
      'def calc(df):',
      '\texpr = request.args.get("calc", "")',
      '\tcode = compile(',
      '\t\texpr,',
      '\t\t"<calc>",',
      '\t\t"eval",',
      '\t)',
      '\treturn eval(code, {"df": df}, {})  # sink',
    ].join('\n');
    const r = flow(src, 'code-injection')!;
    expect(r.outcome).toBe('input');
    expect(r.path.map((s) => s.code).join(' | ')).toMatch(/compile\(/);
    const fixed = src.replace('\texpr = request.args.get("calc", "")', '\texpr = "df.sum()"');
    expect(flow(fixed, 'code-injection')!.outcome).toBe('no-source');
  });

  it('argparse results are local input; a parameter named args is not known to be', () => {
    const parsed = [
      'import argparse',
      '',
      'def main():',
      '\tparser = argparse.ArgumentParser(prog="tool")',
      '\tparser.add_argument("--expr")',
      '\topts, _rest = parser.parse_known_args()',
      '\treturn eval(',
      '\t\topts.expr,  # sink',
      '\t)',
    ].join('\n');
    expect(flow(parsed, 'code-injection')!.outcome).toBe('local');
    // pgAdmin's cloud helper: `args` arrives from the caller (a server that builds the command
    // line from a form), so the name alone says nothing about where the value comes from.
    const param = [
      'class Provider:',
      '\tdef _create_instance(self, args):',
      "\t\tha = 'REGIONAL' if eval(args.high_availability) else 'ZONAL'  # sink",
      '\t\treturn ha',
    ].join('\n');
    const r = flow(param, 'code-injection')!;
    expect(r.outcome).toBe('undecided');
    expect(r.reason).toMatch(/parameter args/);
  });

  it('a parameterized query binds the input apart from the SQL text', () => {
    const src = [
      'def find(request):',
      '\tuser = request.GET["user"]',
      '\tcursor.execute(',
      '\t\t"SELECT * FROM t WHERE u = %s",  # sink',
      '\t\t(user,),',
      '\t)',
    ].join('\n');
    const r = reconstructFlow({
      uri: 'v.py',
      text: src,
      line: 3,
      endLine: 6,
      cls: 'sql-injection',
    })!;
    expect(r.outcome).toBe('no-source');
  });

  it('loops and try/except carry input to the sink', () => {
    const src = [
      'import subprocess',
      'def handler(request):',
      '\tparts = []',
      '\tfor item in request.POST.getlist("x"):',
      '\t\tparts.append(item)',
      '\ttry:',
      '\t\tcmd = " ".join(parts)',
      '\texcept ValueError:',
      '\t\tcmd = "true"',
      '\tsubprocess.call(cmd, shell=True)  # sink',
    ].join('\n');
    expect(flow(src, 'command-injection')!.outcome).toBe('input');
  });

  it('an allow-list or anchored-pattern guard that exits on failure makes the value safe', () => {
    const src = [
      'SORT_COLUMNS = {"name", "price"}',
      '',
      'def sorted_products(request):',
      '\tcolumn = request.GET.get("sort", "name")',
      '\tif column not in SORT_COLUMNS:',
      '\t\traise ValueError("unknown sort column")',
      '\tcursor.execute("SELECT * FROM p ORDER BY " + column)  # sink',
    ].join('\n');
    const r = flow(src, 'sql-injection')!;
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    // the guard that does not exit leaves the input flowing
    expect(
      flow(
        src.replace('raise ValueError("unknown sort column")', 'log.warning("odd")'),
        'sql-injection',
      )!.outcome,
    ).toBe('input');
    const pattern = src.replace(
      'if column not in SORT_COLUMNS:',
      'if not re.fullmatch(r"[a-z_]+", column):',
    );
    expect(flow(pattern, 'sql-injection')!.outcome).toBe('no-source');
    const loose = src.replace(
      'if column not in SORT_COLUMNS:',
      'if not re.match(r"[a-z_].*", column):',
    );
    // a pattern that lets anything through after the first letter is not trusted
    expect(flow(loose, 'sql-injection')!.outcome).not.toBe('no-source');
  });

  it('a scanner that reports the query string (Bandit B608) is judged at that expression', () => {
    const src = [
      'import sqlite3',
      'from flask import request',
      '',
      'def report():',
      '\torder = request.args.get("order", "name")',
      '\tconn = sqlite3.connect("r.db")',
      '\trows = conn.execute(',
      '\t\t"SELECT id FROM r ORDER BY %s" % order  # reported',
      '\t).fetchall()',
      '\tsql = "SELECT id FROM r WHERE kind = \'%s\'" % "daily"  # assigned',
      '\treturn rows, conn.execute(sql)',
    ].join('\n');
    const inCall = flow(src, 'sql-injection', '# reported')!;
    expect(inCall.outcome).toBe('input');
    expect(inCall.path.at(-1)!.code).toMatch(/^conn\.execute\(/);
    expect(flow(src, 'sql-injection', '# assigned')!.outcome).toBe('no-source');
    const tainted = src.replace('% "daily"', '% order');
    expect(flow(tainted, 'sql-injection', '# assigned')!.outcome).toBe('input');
  });

  it("a helper's parameter takes the values its callers in the file pass", () => {
    const src = [
      'import subprocess',
      'from flask import request',
      '',
      'def _convert(name):',
      '\treturn subprocess.check_output("convert " + name, shell=True)  # sink',
      '',
      'def thumbnails():',
      '\tfor size in ("64", "128"):',
      '\t\t_convert("thumb-" + size + ".png")',
      '',
      'def banner():',
      '\treturn _convert("banner.png")',
    ].join('\n');
    const r = flow(src, 'command-injection')!;
    expect(r.outcome).toBe('no-source');
    // a caller passing request input makes it reach the sink
    const fed = src.replace('_convert("banner.png")', '_convert(request.args["file"])');
    expect(flow(fed, 'command-injection')!.outcome).toBe('input');
    // a public helper may have callers elsewhere: constants from this file decide nothing
    const open = src.replace(/_convert/g, 'convert');
    expect(flow(open, 'command-injection')!.outcome).toBe('undecided');
  });

  it('a private helper called by another private helper takes what the public caller checked', () => {
    // snowflake-connector-python's write_pandas: an allow-listed option, looked up in a constant
    // map, handed down two private helpers into the SQL text.
    const src = [
      'def _do_create_temp_stage(cursor, stage_location, compression):',
      '\tcreate_stage_sql = f"CREATE TEMP STAGE identifier(?) FILE_FORMAT=(TYPE=PARQUET COMPRESSION={compression})"',
      '\tcursor.execute(  # sink',
      '\t\tcreate_stage_sql,',
      '\t\tparams=(stage_location,),',
      '\t)',
      '',
      'def _create_temp_stage(cursor, database, schema, compression):',
      '\tstage_location = f"{database}.{schema}.stage"',
      '\t_do_create_temp_stage(cursor, stage_location, compression)',
      '\treturn stage_location',
      '',
      'def write_pandas(conn, df, database=None, schema=None, compression="gzip"):',
      '\tcompression_map = {"gzip": "auto", "snappy": "snappy"}',
      '\tif compression not in compression_map.keys():',
      '\t\traise ProgrammingError(f"Invalid compression {compression!r}")',
      '\tcursor = conn.cursor()',
      '\treturn _create_temp_stage(',
      '\t\tcursor,',
      '\t\tdatabase,',
      '\t\tschema,',
      '\t\tcompression_map[compression],',
      '\t)',
    ].join('\n');
    const r = flow(src, 'sql-injection', '# sink', 'connector/pandas_tools.py')!;
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/_create_temp_stage\(/);
    // the public function passing its own parameter unchecked decides nothing (its callers are
    // elsewhere)
    const raw = src
      .replace('compression_map[compression],', 'compression,')
      .replace('\tif compression not in compression_map.keys():\n', '')
      .replace('\t\traise ProgrammingError(f"Invalid compression {compression!r}")\n', '');
    expect(flow(raw, 'sql-injection', '# sink', 'connector/pandas_tools.py')!.outcome).toBe(
      'undecided',
    );
  });

  it("each parameter of a method takes its own argument from the file's callers", () => {
    const src = [
      'import subprocess',
      'from flask import request',
      '',
      'class Thumbs:',
      '\tdef _convert(self, label, size):',
      '\t\tlog(label)',
      '\t\treturn subprocess.check_output(',
      '\t\t\t"convert -resize " + size + " in.png",  # sink',
      '\t\t\tshell=True,',
      '\t\t)',
      '',
      '\tdef thumbnails(self):',
      '\t\tself._convert(request.args["label"], "64")',
      '\t\tself._convert(request.form.get("title"), "128")',
    ].join('\n');
    // the request's values go to `label`, which the command never sees
    expect(flow(src, 'command-injection')!.outcome).toBe('no-source');
    // the same call with the arguments the other way round hands the command the input
    const swapped = src.replace('(request.args["label"], "64")', '("64", request.args["label"])');
    expect(flow(swapped, 'command-injection')!.outcome).toBe('input');
  });
});

describe('path traversal: werkzeug and flask safe_join', () => {
  it('when the requested name is joined with safe_join, then the file sink is sanitized; with os.path.join it is not', () => {
    const src = [
      'from flask import abort, request, send_file',
      'from werkzeug.security import safe_join',
      '',
      'UPLOADS = "/srv/uploads"',
      '',
      'def download():',
      '\tpath = safe_join(UPLOADS, request.args.get("name", ""))',
      '\tif path is None:',
      '\t\tabort(404)',
      '\treturn send_file(path)  # sink',
    ].join('\n');
    expect(flow(src, 'path-traversal')!.outcome).toBe('no-source');
    const joined = src
      .replace('safe_join(UPLOADS', 'os.path.join(UPLOADS')
      .replace('from werkzeug.security import safe_join', 'import os');
    expect(flow(joined, 'path-traversal')!.outcome).toBe('input');
  });
});

describe('command injection: shell quoting imported by name', () => {
  const src = (imports: string, quoted: string) =>
    [
      'import subprocess',
      imports,
      'from flask import request',
      '',
      'def listing():',
      '\tfolder = request.args["dir"]',
      `\treturn subprocess.check_output("ls -l " + ${quoted}, shell=True)  # sink`,
    ].join('\n');

  it('when quote comes from shlex (from-import) or the words are joined by shlex.join, then the shell gets one quoted word', () => {
    expect(
      flow(src('from shlex import quote', 'quote(folder)'), 'command-injection')!.outcome,
    ).toBe('no-source');
    expect(
      flow(src('import shlex', 'shlex.join(["--", folder])'), 'command-injection')!.outcome,
    ).toBe('no-source');
  });

  it('when a function named quote comes from another module, then nothing is known of it', () => {
    expect(
      flow(src('from .text import quote', 'quote(folder)'), 'command-injection')!.outcome,
    ).not.toBe('no-source');
  });

  // asyncua 1.0.2's `_get_bounds`: `return start_time, end_time, order, limit`, unpacked by the
  // caller; the sort order is one of two constants whatever the bounds are.
  it('a function returning a tuple is unpacked element by element: a constant element stays constant beside an unknown one', () => {
    const src = (picked: string) =>
      [
        'import aiosqlite',
        'from datetime import datetime, timedelta',
        '',
        'from asyncua import ua',
        '',
        '',
        'class HistorySQLite:',
        '\t@staticmethod',
        '\tdef _get_bounds(start, end, nb_values):',
        '\t\torder = "ASC"',
        '\t\tif start is None or start == ua.get_win_epoch():',
        '\t\t\torder = "DESC"',
        '\t\t\tstart = ua.get_win_epoch()',
        '\t\tif end is None:',
        '\t\t\tend = datetime.utcnow() + timedelta(days=1)',
        '\t\tstart_time = start.isoformat(" ")',
        '\t\treturn start_time, end.isoformat(" "), order, nb_values or -1',
        '',
        '\tasync def read_node_history(self, node_id, start, end, nb_values):',
        '\t\tstart_time, end_time, order, limit = self._get_bounds(start, end, nb_values)',
        '\t\tasync with self._db.execute(',
        `\t\t\tf'SELECT * FROM "history" WHERE "SourceTimestamp" BETWEEN ? AND ? ORDER BY "_Id" {${picked}}',  # sink`,
        '\t\t\t(start_time, end_time),',
        '\t\t) as cursor:',
        '\t\t\treturn await cursor.fetchall()',
      ].join('\n');
    const r = flow(src('order'), 'sql-injection')!;
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/order = "DESC"/);
    expect(flow(src('start_time'), 'sql-injection')!.outcome).not.toBe('no-source');
  });
});
