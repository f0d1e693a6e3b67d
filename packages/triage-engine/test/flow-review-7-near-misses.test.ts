import { describe, expect, it } from 'vitest';
import { reconstructFlow } from '../src/flow/index.js';

// Bypasses an adversarial review found in the rules of this stop before held-out group 7 was
// measured (really vulnerable code the rules first called safe), each fixed and pinned here: a
// field checked on one path only, changed through another name, by a closure, a callback or
// Object.assign; a method of the object run; options turning a shell on by a name; programs
// that run their operands; an allow-list map filled at run time; a JEP 290 pattern with a blank;
// a filter under a brace-less if or in a lambda; ruamel instances made unsafe; a Go receiver.
const at = (cls: string, uri: string, text: string) => {
  const line = text.split('\n').findIndex((l) => l.includes('SINK')) + 1;
  return reconstructFlow({ uri, text, line, endLine: null, cls })!;
};

describe('review near misses (this stop)', () => {
  it("when kept test in a closure's outer scope, callback parameter shadows the checked name, then the finding is not called safe", () => {
    const r = at(
      'command-injection',
      'lib/case_k01.js',
      "// EXPECT:input\n// kept test in a closure's outer scope, callback parameter shadows the checked name\nconst { exec } = require('child_process');\nmodule.exports = (req, res) => {\n  const name = req.query.name;\n  const ok = /^[\\w.-]+$/.test(name);\n  req.body.names.forEach((name) => {\n    if (!ok) return;\n    exec('git log ' + name); // SINK\n  });\n  res.end();\n};\n",
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when kept test via destructuring rebinding of the checked name, then the finding is not called safe', () => {
    const r = at(
      'command-injection',
      'lib/case_k08.js',
      "// EXPECT:input\n// kept test via destructuring rebinding of the checked name\nconst { exec } = require('child_process');\nmodule.exports = (req, res) => {\n  let name = req.query.name;\n  const ok = /^[\\w.-]+$/.test(name);\n  ({ name } = req.body);\n  if (!ok) return res.status(400).end();\n  exec('git log ' + name, (e, out) => res.end(out)); // SINK\n};\n",
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when check in one handler, use in the other, same field name, then the finding is not called safe', () => {
    const r = at(
      'command-injection',
      'lib/case_f19.js',
      "// EXPECT:input\n// check in one handler, use in the other, same field name\nconst { exec } = require('child_process');\nmodule.exports = (req, res) => {\n  if (req.method === 'POST') {\n    if (!/^[\\w.-]+$/.test(req.body.name)) return res.status(400).end();\n  }\n  exec('git log ' + req.body.name, (err, out) => res.end(out)); // SINK\n};\n",
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the checked field is set again through another reference to the same object, then the finding is not called safe', () => {
    const r = at(
      'command-injection',
      'lib/case_f01.js',
      "// EXPECT:input\n// the checked field is set again through another reference to the same object\nconst { exec } = require('child_process');\nmodule.exports = (req, res) => {\n  const params = req.params;\n  if (!/^[\\w.-]+$/.test(req.params.name)) return res.status(400).end();\n  params.name = req.query.name;\n  exec('git log ' + req.params.name, (err, out) => res.end(out)); // SINK\n};\n",
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when a closure sets the checked field, then the finding is not called safe', () => {
    const r = at(
      'command-injection',
      'lib/case_f09.py',
      '# EXPECT:undecided\n# a closure sets the checked field\nimport re, subprocess\ndef checkout(opts, overrides):\n    if not re.fullmatch(r"[\\w.-]+", opts.branch):\n        raise ValueError("bad branch")\n    def apply():\n        opts.branch = overrides.get("branch", opts.branch)\n    apply()\n    subprocess.call("git checkout " + opts.branch, shell=True)  # SINK\n',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when callback sets the field, then the finding is not called safe', () => {
    const r = at(
      'command-injection',
      'lib/case_f14.js',
      "// EXPECT:undecided\n// callback sets the field\nconst cp = require('child_process');\nmodule.exports = function checkout(opts, overrides, cb) {\n  if (!/^[\\w.-]+$/.test(opts.branch)) throw new Error('invalid branch');\n  Object.keys(overrides).forEach((k) => { opts[k] = overrides[k]; });\n  cp.exec('git checkout ' + opts.branch, cb); // SINK\n};\n",
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when destructured alias of the same object mutated, then the finding is not called safe', () => {
    const r = at(
      'command-injection',
      'lib/case_f18.js',
      "// EXPECT:input\n// destructured alias of the same object mutated\nconst { exec } = require('child_process');\nmodule.exports = (req, res) => {\n  const { params } = req;\n  if (!/^[\\w.-]+$/.test(req.params.name)) return res.status(400).end();\n  Object.assign(params, req.body);\n  exec('git log ' + req.params.name, (err, out) => res.end(out)); // SINK\n};\n",
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when package git, then the finding is not called safe', () => {
    const r = at(
      'command-injection',
      'lib/case_f31.go',
      '// EXPECT:undecided\npackage git\nimport ("errors"; "os/exec"; "regexp")\nvar validRef = regexp.MustCompile(`^[\\w.-]+$`)\ntype Options struct{ Branch string }\nfunc (o *Options) Checkout() error {\n\tif !validRef.MatchString(o.Branch) {\n\t\treturn errors.New("invalid ref")\n\t}\n\to.applyDefaults()\n\treturn exec.Command("sh", "-c", "git checkout "+o.Branch).Run() // SINK\n}\n',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when check swallowed by try/catch, then the finding is not called safe', () => {
    const r = at(
      'command-injection',
      'lib/case_f10.js',
      "// EXPECT:input\n// check swallowed by try/catch\nconst { exec } = require('child_process');\nmodule.exports = (req, res) => {\n  try {\n    if (!/^[\\w.-]+$/.test(req.params.name)) throw new Error('bad name');\n  } catch (e) {\n    console.error(e);\n  }\n  exec('git log ' + req.params.name, (err, out) => res.end(out)); // SINK\n};\n",
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when check only on one branch (Python, self), then the finding is not called safe', () => {
    const r = at(
      'command-injection',
      'lib/case_f24.py',
      '# EXPECT:undecided\n# check only on one branch (Python, self)\nimport re, subprocess\nclass Deploy(object):\n    def run(self, strict):\n        if strict:\n            if not re.fullmatch(r"[\\w.-]+", self.branch):\n                raise ValueError("bad branch")\n        subprocess.call("git checkout " + self.branch, shell=True)  # SINK\n',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when shell:true given through an options variable: args are joined and run by /bin/sh, then the finding is not called safe', () => {
    const r = at(
      'command-injection',
      'lib/case_n04.js',
      "// EXPECT:undecided\n// shell:true given through an options variable: args are joined and run by /bin/sh\nconst { spawn } = require('child_process');\nconst spawnOpts = { shell: true, stdio: 'inherit' };\nmodule.exports = function checkout(ref) {\n  if (ref.startsWith('-')) throw new Error('bad ref');\n  return spawn('git', ['checkout', ref], spawnOpts); // SINK\n};\n",
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when ImageMagick reads a file name starting with | as a command to run, then the finding is not called safe', () => {
    const r = at(
      'command-injection',
      'lib/case_n08.js',
      "// EXPECT:undecided\n// ImageMagick reads a file name starting with | as a command to run\nconst { execFile } = require('child_process');\nmodule.exports = function thumb(req, res) {\n  const src = req.query.src;\n  if (src.startsWith('-')) return res.status(400).end();\n  execFile('convert', [src, '-resize', '64x64', '/tmp/out.png'], () => res.end()); // SINK\n};\n",
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when allow-list filled at run time from the request, then the finding is not called safe', () => {
    const r = at(
      'command-injection',
      'lib/case_g01.go',
      '// EXPECT:input\n// allow-list filled at run time from the request\npackage x\nimport ("net/http"; "os/exec")\nvar allowed = map[string]struct{}{"status": {}, "log": {}}\nfunc Register(w http.ResponseWriter, r *http.Request) {\n\tallowed[r.FormValue("cmd")] = struct{}{}\n}\nfunc Run(w http.ResponseWriter, r *http.Request) {\n\tc := r.FormValue("cmd")\n\tif _, ok := allowed[c]; !ok {\n\t\thttp.Error(w, "no", 403)\n\t\treturn\n\t}\n\texec.Command("sh", "-c", "git "+c).Run() // SINK\n}\n',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when package git, then the finding is not called safe', () => {
    const r = at(
      'command-injection',
      'lib/case_bf31c.go',
      '// EXPECT:undecided\npackage git\nimport ("os/exec")\ntype Options struct{ Branch string }\nfunc (o *Options) Checkout() error {\n\treturn exec.Command("sh", "-c", "git checkout "+o.Branch).Run() // SINK\n}\n',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the field normalised in place and checked; then another reference sets it again, then the finding is not called safe', () => {
    const r = at(
      'path-traversal',
      'lib/case_p15.js',
      "// EXPECT:input\n// the field normalised in place and checked; then another reference sets it again\nconst path = require('path');\nconst fs = require('fs');\nmodule.exports = (req, res) => {\n  const q = req.query;\n  req.query.file = path.normalize(req.query.file);\n  if (req.query.file.startsWith('..')) return res.status(400).end();\n  q.file = req.body.file;\n  res.send(fs.readFileSync(path.join('/srv/files', req.query.file))); // SINK\n};\n",
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when sql: check on a field inside a switch case only, then the finding is not called safe', () => {
    const r = at(
      'sql-injection',
      'lib/case_s02.js',
      "// EXPECT:input\n// sql: check on a field inside a switch case only\nmodule.exports = (db) => async (req, res) => {\n  switch (req.query.mode) {\n    case 'strict':\n      if (!/^\\w+$/.test(req.query.sort)) return res.sendStatus(400);\n      break;\n    default:\n      break;\n  }\n  const rows = await db.query('SELECT * FROM t ORDER BY ' + req.query.sort); // SINK\n  res.json(rows);\n};\n",
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when JEP 290: white space is part of a pattern, so " !*" is not "!*": other classes stay undecided and load, then the finding is not called safe', () => {
    const r = at(
      'deserialization',
      'lib/case_j01.java',
      '// EXPECT:input\n// JEP 290: white space is part of a pattern, so " !*" is not "!*": other classes stay undecided and load\nimport java.io.*;\nimport javax.servlet.http.*;\npublic class Import extends HttpServlet {\n    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {\n        try {\n            ObjectInputStream in = new ObjectInputStream(req.getInputStream());\n            in.setObjectInputFilter(ObjectInputFilter.Config.createFilter("com.acme.model.*; !*"));\n            Object o = in.readObject(); // SINK\n            resp.setStatus(204);\n        } catch (ClassNotFoundException e) {\n            throw new IOException(e);\n        }\n    }\n}\n',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when filter set only when a flag is on (if without braces), then the finding is not called safe', () => {
    const r = at(
      'deserialization',
      'lib/case_j02.java',
      '// EXPECT:input\n// filter set only when a flag is on (if without braces)\nimport java.io.*;\nimport javax.servlet.http.*;\npublic class Import extends HttpServlet {\n    private static final ObjectInputFilter MODEL_ONLY =\n        ObjectInputFilter.Config.createFilter("com.acme.model.*;!*");\n    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {\n        try {\n            ObjectInputStream in = new ObjectInputStream(req.getInputStream());\n            if (req.getParameter("strict") != null) in.setObjectInputFilter(MODEL_ONLY);\n            Object o = in.readObject(); // SINK\n            resp.setStatus(204);\n        } catch (ClassNotFoundException e) {\n            throw new IOException(e);\n        }\n    }\n}\n',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the filter is set in a lambda that never runs before the read, then the finding is not called safe', () => {
    const r = at(
      'deserialization',
      'lib/case_j05.java',
      '// EXPECT:input\n// the filter is set in a lambda that never runs before the read\nimport java.io.*;\nimport javax.servlet.http.*;\npublic class Import extends HttpServlet {\n    private static final ObjectInputFilter MODEL_ONLY =\n        ObjectInputFilter.Config.createFilter("com.acme.model.*;!*");\n    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {\n        try {\n            ObjectInputStream in = new ObjectInputStream(req.getInputStream());\n            Runnable harden = () -> in.setObjectInputFilter(MODEL_ONLY);\n            Object o = in.readObject(); // SINK\n            harden.run();\n        } catch (ClassNotFoundException e) {\n            throw new IOException(e);\n        }\n    }\n}\n',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it("when ruamel: the instance's Constructor swapped for the full (unsafe) one, then the finding is not called safe", () => {
    const r = at(
      'deserialization',
      'lib/case_r01.py',
      "# EXPECT:input\n# ruamel: the instance's Constructor swapped for the full (unsafe) one\nfrom flask import request\nfrom ruamel.yaml import YAML\nfrom ruamel.yaml.constructor import Constructor\nyaml = YAML()\nyaml.Constructor = Constructor\ndef load():\n    return yaml.load(request.data)  # SINK\n",
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when chained assignment binds yaml to the unsafe instance on a line that does not start with it, then the finding is not called safe', () => {
    const r = at(
      'deserialization',
      'lib/case_r06.py',
      '# EXPECT:input\n# chained assignment binds yaml to the unsafe instance on a line that does not start with it\nfrom flask import request\nfrom ruamel.yaml import YAML\nyaml = YAML()\ndef use_unsafe():\n    global yaml\n    loader = yaml = YAML(typ="unsafe")\ndef load():\n    return yaml.load(request.data)  # SINK\n',
    );
    expect(r.outcome).not.toBe('no-source');
  });
});
