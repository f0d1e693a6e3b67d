import { describe, expect, it } from 'vitest';
import { signals, triageAt } from './build.js';

const SEMGREP_PY_SQL = {
  tool: 'Semgrep OSS',
  ruleId: 'python.lang.security.audit.formatted-sql-query.formatted-sql-query',
  message: 'Detected possible formatted SQL query.',
};
const BANDIT_SQL = {
  tool: 'Bandit',
  ruleId: 'B608',
  message: 'Possible SQL injection vector through string-based query construction.',
};
const GOSEC = (ruleId: string) => ({ tool: 'gosec', ruleId, message: 'gosec finding' });
const SEMGREP_JAVA_SQL = {
  tool: 'Semgrep OSS',
  ruleId: 'java.lang.security.audit.formatted-sql-string.formatted-sql-string',
  message: 'Detected a formatted string in a SQL statement.',
};

describe('SQL sinks', () => {
  it('when a Python query is a parameterized literal, then FALSE_POSITIVE citing the literal SQL', () => {
    const code =
      'def find(cur, slug):\n    cur.execute("SELECT * FROM t WHERE slug = ?", (slug,))\n';
    const v = triageAt('app/db.py', code, 'cur.execute', SEMGREP_PY_SQL);
    expect(v.classification).toBe('FALSE_POSITIVE');
    expect(v.justification).toMatch(/parameterized/);
  });

  it('when a Python query formats a request argument, then TRUE_POSITIVE with the remote source', () => {
    const code =
      'from flask import request\n\ndef find(cur):\n    pid = request.args.get("id")\n    cur.execute("SELECT * FROM t WHERE id = %s" % pid)\n';
    const v = triageAt('app/db.py', code, 'cur.execute', BANDIT_SQL);
    expect(v.classification).toBe('TRUE_POSITIVE');
    // the flow reconstruction traces the request argument to the sink
    expect(signals(v)).toContain('flow_reconstructed_input');
  });

  it('when a Python value goes through int() first, then FALSE_POSITIVE as a number', () => {
    const code =
      'from flask import request\n\ndef find(cur):\n    limit = int(request.args.get("n"))\n    cur.execute("SELECT * FROM t LIMIT %d" % limit)\n';
    const v = triageAt('app/db.py', code, 'cur.execute', BANDIT_SQL);
    expect(v.classification).toBe('FALSE_POSITIVE');
    const conversion = v.evidence.find((e) => e.signal === 'flow_reconstructed_sanitized');
    expect(conversion?.path?.some((s) => s.kind === 'sanitizer' && s.code.includes('int('))).toBe(
      true,
    );
  });

  it('when a Java query appends Integer.parseInt of a parameter, then FALSE_POSITIVE', () => {
    const code = [
      'class A {',
      '    ResultSet q(HttpServletRequest request, Statement stmt) throws Exception {',
      '        int n = Integer.parseInt(request.getParameter("n"));',
      '        return stmt.executeQuery("SELECT * FROM t WHERE n > " + n);',
      '    }',
      '}',
    ].join('\n');
    const v = triageAt('src/main/java/A.java', code, 'executeQuery', SEMGREP_JAVA_SQL);
    expect(v.classification).toBe('FALSE_POSITIVE');
  });

  it('when a Java query concatenates a request parameter, then TRUE_POSITIVE', () => {
    const code = [
      'class A {',
      '    ResultSet q(HttpServletRequest request, Statement stmt) throws Exception {',
      '        String id = request.getParameter("id");',
      '        return stmt.executeQuery("SELECT * FROM t WHERE id = \'" + id + "\'");',
      '    }',
      '}',
    ].join('\n');
    expect(
      triageAt('src/main/java/A.java', code, 'executeQuery', SEMGREP_JAVA_SQL).classification,
    ).toBe('TRUE_POSITIVE');
  });

  it('when a Go query formats a package constant, then FALSE_POSITIVE as a constant value', () => {
    const code =
      'package s\n\nimport "fmt"\n\nconst table = "stock"\n\nfunc (s *S) All() {\n\ts.DB.Query(fmt.Sprintf("SELECT * FROM %s", table))\n}\n';
    const v = triageAt('internal/s/s.go', code, 's.DB.Query', GOSEC('G201'));
    expect(v.classification).toBe('FALSE_POSITIVE');
    // with fmt imported the reconstruction decides it: only constants reach the query
    expect(signals(v)).toContain('flow_reconstructed_no_source');
  });

  it('when a Go column is checked against an allowlist map first, then FALSE_POSITIVE', () => {
    const code = [
      'package s',
      '',
      'var cols = map[string]bool{"sku": true}',
      '',
      'func (s *S) Sorted(r *http.Request) {',
      '\tcolumn := r.URL.Query().Get("sort")',
      '\tif !cols[column] {',
      '\t\treturn',
      '\t}',
      '\ts.DB.Query("SELECT * FROM t ORDER BY " + column)',
      '}',
    ].join('\n');
    const v = triageAt('internal/s/s.go', code, 's.DB.Query', GOSEC('G202'));
    expect(v.classification).toBe('FALSE_POSITIVE');
    expect(signals(v)).toContain('validator');
  });

  it('when a JavaScript query interpolates a query-string value, then TRUE_POSITIVE', () => {
    const code =
      "router.get('/x', async (req, res) => {\n  const rows = await db.query(`SELECT * FROM t WHERE s = '${req.query.s}'`);\n});\n";
    const v = triageAt('src/routes/x.js', code, 'db.query', {});
    expect(v.classification).toBe('TRUE_POSITIVE');
    expect(signals(v)).toContain('flow_reconstructed_input');
  });
});

describe('sanitizers per class and language', () => {
  const XSS_SEMGREP = {
    tool: 'Semgrep OSS',
    ruleId: 'javascript.express.security.audit.xss.direct-response-write.direct-response-write',
    message: 'Detected directly writing to a Response object.',
  };

  it('when JavaScript escapes with escapeHtml before res.send, then FALSE_POSITIVE naming the sanitizer', () => {
    const code =
      "router.get('/g', (req, res) => {\n  res.send('<h1>' + escapeHtml(req.query.name) + '</h1>');\n});\n";
    const v = triageAt('src/routes/g.js', code, 'res.send', XSS_SEMGREP);
    expect(v.classification).toBe('FALSE_POSITIVE');
    expect(v.justification).toMatch(/escapeHtml/);
  });

  it('when the escaped value lands in an href, then the HTML escaper does not count', () => {
    const code =
      'router.get(\'/g\', (req, res) => {\n  const site = escapeHtml(req.query.site);\n  res.send(`<a href="${site}">x</a>`);\n});\n';
    const v = triageAt('src/routes/g.js', code, 'res.send', XSS_SEMGREP);
    expect(v.classification).toBe('TRUE_POSITIVE');
    expect(signals(v)).toContain('sanitizer_wrong_context');
  });

  it('when an HTML escaper is applied to a SQL value, then it is not a SQL sanitizer', () => {
    const code =
      'import html\nfrom flask import request\n\ndef f(cur):\n    name = html.escape(request.args["n"])\n    cur.execute("SELECT * FROM t WHERE n = \'" + name + "\'")\n';
    expect(triageAt('app/db.py', code, 'cur.execute', BANDIT_SQL).classification).toBe(
      'TRUE_POSITIVE',
    );
  });

  it('when Java encodes with StringEscapeUtils.escapeHtml4, then FALSE_POSITIVE', () => {
    const code = [
      'class S {',
      '    void g(HttpServletRequest request, HttpServletResponse response) throws Exception {',
      '        String name = StringEscapeUtils.escapeHtml4(request.getParameter("name"));',
      '        response.getWriter().println("<h1>" + name + "</h1>");',
      '    }',
      '}',
    ].join('\n');
    const v = triageAt('src/main/java/S.java', code, 'println', {
      tool: 'Semgrep OSS',
      ruleId: 'java.lang.security.audit.xss.no-direct-response-writer.no-direct-response-writer',
      message: 'XSS',
    });
    expect(v.vulnerabilityClass).toBe('xss');
    expect(v.classification).toBe('FALSE_POSITIVE');
  });

  it('when Go keeps only filepath.Base of the name, then a path finding is FALSE_POSITIVE', () => {
    const code =
      'package f\n\nconst root = "/srv"\n\nfunc L(r *http.Request) {\n\tname := filepath.Base(r.URL.Query().Get("name"))\n\tos.ReadFile(filepath.Join(root, name))\n}\n';
    expect(triageAt('internal/f/f.go', code, 'os.ReadFile', GOSEC('G304')).classification).toBe(
      'FALSE_POSITIVE',
    );
  });

  it('when Python quotes the shell word with shlex.quote, then FALSE_POSITIVE', () => {
    const code =
      'import shlex\nimport subprocess\nfrom flask import request\n\ndef a():\n    name = shlex.quote(request.form["n"])\n    subprocess.run("tar -czf /tmp/a.tgz " + name, shell=True)\n';
    expect(
      triageAt('app/tasks.py', code, 'subprocess.run', {
        tool: 'Bandit',
        ruleId: 'B602',
        message: 'shell=True',
      }).classification,
    ).toBe('FALSE_POSITIVE');
  });
});

describe('local input and constants', () => {
  it('when a command line comes from process.argv only, then FALSE_POSITIVE with the severity lowered', () => {
    const code =
      "const { execSync } = require('child_process');\nconst tag = process.argv[2];\nexecSync('git tag ' + tag);\n";
    const v = triageAt('scripts/release.js', code, 'execSync(', {
      tool: 'ESLint',
      ruleId: 'sonarjs/os-command',
      message: 'Make sure that executing this OS command is safe here.',
      level: 'warning',
      severity: 'medium',
    });
    expect(v.classification).toBe('FALSE_POSITIVE');
    expect(signals(v)).toContain('severity_local_input');
  });

  it('when an argv array holds only literals and module constants, then FALSE_POSITIVE', () => {
    const code =
      'import subprocess\n\nEXPORT_DIR = "/srv/exports"\n\ndef du():\n    return subprocess.check_output(["du", "-sh", EXPORT_DIR])\n';
    expect(
      triageAt('app/tasks.py', code, 'check_output', {
        tool: 'Bandit',
        ruleId: 'B603',
        message: 'subprocess call',
      }).classification,
    ).toBe('FALSE_POSITIVE');
  });

  it('when a yaml document is read from a fixed bundled path, then deserialization is FALSE_POSITIVE', () => {
    const code =
      "const yaml = require('js-yaml');\nconst doc = yaml.load(fs.readFileSync('./swagger.yml', 'utf8'));\n";
    expect(
      triageAt('server.js', code, 'yaml.load', {
        tool: 'Semgrep OSS',
        ruleId: 'rules_lgpl_javascript_eval_rule-yaml-deserialize',
        message: 'yaml',
      }).classification,
    ).toBe('FALSE_POSITIVE');
  });
});
