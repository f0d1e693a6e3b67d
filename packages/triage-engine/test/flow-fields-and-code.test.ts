import { describe, expect, it } from 'vitest';
import { reconstructFlow } from '../src/flow/index.js';
import { signals, triageAt } from './build.js';

// Three general rules: a field of the object is not a constant, every argument of the Function
// constructor is code, and a non-constant value the syntax tree sees at the sink overrules the
// textual "only literals" reading. Code in the styles libraries are written in.
const at = (text: string, marker: string) =>
  text.split('\n').findIndex((l) => l.includes(marker)) + 1;
const flow = (text: string, cls: string, uri: string, marker: string) =>
  reconstructFlow({ uri, text, line: at(text, marker), endLine: null, cls });

describe('flow reconstruction: fields of the object', () => {
  it('when a method loads self.content set by the constructor, then the value is not a constant', () => {
    const src = [
      'import yaml',
      '',
      '',
      'class Document(object):',
      '\tdef __init__(self, content):',
      '\t\tself.content = content',
      '',
      '\tdef parse(self):',
      '\t\ttry:',
      '\t\t\treturn yaml.load(self.content)',
      '\t\texcept yaml.YAMLError:',
      '\t\t\treturn None',
    ].join('\n');
    const r = flow(src, 'deserialization', 'docs/document.py', 'yaml.load(')!;
    expect(r.outcome).toBe('undecided');
    expect(r.notConstant).toBe(true);
    expect(r.reason).toMatch(/self\.content is a field/);
  });

  it('when the method assigns the field a constant first, then only constants reach the sink', () => {
    const src = [
      'import subprocess',
      '',
      'class Viewer:',
      '\tdef show(self):',
      '\t\tself.command = "xdg-open"',
      '\t\tsubprocess.Popen(self.command, shell=True)',
    ].join('\n');
    expect(flow(src, 'command-injection', 'viewer.py', 'Popen(')!.outcome).toBe('no-source');
  });

  it('when a JavaScript method joins this.root with a name, then the value is not a constant', () => {
    const src = [
      "const path = require('path')",
      "const fs = require('fs')",
      '',
      'Store.prototype.read = function (name) {',
      '  var file = path.join(this.root,',
      "    'data.json')",
      "  return fs.readFileSync(file, 'utf8')",
      '}',
    ].join('\n');
    const r = flow(src, 'path-traversal', 'lib/store.js', 'readFileSync(')!;
    expect(r.outcome).toBe('undecided');
    expect(r.notConstant).toBe(true);
  });
});

describe('flow reconstruction: the Function constructor', () => {
  it('when the body is built from a parameter, then the body is read, not only the parameter names', () => {
    const src = [
      'function compile (format) {',
      "  var js = '  return \"' + format + '\"'",
      "  return new Function('tokens, req, res', js)",
      '}',
      'module.exports = compile',
    ].join('\n');
    const r = flow(src, 'code-injection', 'index.js', 'new Function(')!;
    expect(r.outcome).not.toBe('no-source');
    expect(r.path.map((s) => s.code).join(' ')).toMatch(/format/);
  });

  it('when parameter names and body are literals, then only constants reach it', () => {
    const src = [
      "const add = Function('a', 'b',",
      "\t'return a + b')",
      'module.exports = add',
    ].join('\n');
    expect(flow(src, 'code-injection', 'add.js', 'Function(')!.outcome).toBe('no-source');
  });
});

describe('triage: a non-constant at the sink overrules the textual literal reading', () => {
  it('when a string with brackets is concatenated with a parameter, then no literal-argument signal', () => {
    const src = [
      "var vm = require('vm')",
      '',
      'exports.toBSON = function (string) {',
      '  var sandbox = { doc: null }',
      "  vm.runInNewContext('doc = eval((' + string + '));', sandbox)",
      '  return sandbox.doc',
      '}',
    ].join('\n');
    const v = triageAt('lib/bson.js', src, 'runInNewContext', {
      tool: 'ESLint',
      ruleId: 'sonarjs/code-eval',
      message: 'Make sure that this dynamic injection or execution of code is safe.',
    });
    expect(signals(v)).not.toContain('literal_argument');
    expect(signals(v)).not.toContain('constant_value');
    expect(v.classification).toBe('TRUE_POSITIVE');
  });
});
