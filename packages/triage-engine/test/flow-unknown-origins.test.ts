import { describe, expect, it } from 'vitest';
import { reconstructFlow } from '../src/flow/index.js';

// Values whose origin this file does not show must not read as constants: what a generator
// yields to the loop over it, a hook a subclass defines (its body here only refuses to run),
// and a container that starts empty at module level (other modules fill it). Calling them
// "no input" dismissed real deserialization sinks (python-socketio's pub/sub managers, knack's
// help loader). Each sits beside the case that stays decided.
const at = (text: string, marker: string) =>
  text.split('\n').findIndex((l) => l.includes(marker)) + 1;
const flow = (lines: string[], uri: string, marker: string, cls = 'deserialization') =>
  reconstructFlow({
    uri,
    text: lines.join('\n'),
    line: at(lines.join('\n'), marker),
    endLine: null,
    cls,
  })!;

describe('a generator gives what it yields', () => {
  const manager = (listen: string[]) => [
    'import pickle',
    '',
    '',
    'class QueueManager(object):',
    '    def __init__(self, sub):',
    '        self.sub = sub',
    '',
    ...listen,
    '',
    '    def _thread(self):',
    '        for message in self.listen():',
    '            if isinstance(message, bytes):',
    '                try:',
    '                    message = pickle.loads(message)',
    '                except Exception:',
    '                    pass',
    '            self.handle(message)',
  ];

  it('when the generator yields what a socket received, then the loads reads outside input', () => {
    const r = flow(
      manager([
        '    def listen(self):',
        '        while True:',
        '            response = self.sub.recv()',
        '            if response is not None:',
        '                yield response',
      ]),
      'queue_manager.py',
      'pickle.loads(',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the generator only yields constants, then no input reaches the loads', () => {
    const r = flow(
      manager(['    def listen(self):', '        yield b"ping"', '        yield b"pong"']),
      'queue_manager.py',
      'pickle.loads(',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when a JavaScript generator yields a parameter with yield*, then its elements are read', () => {
    const lines = [
      "const { deserialize } = require('node-serialize')",
      '',
      'function* frames(chunks) {',
      '  yield* chunks',
      '}',
      '',
      'module.exports = function decodeAll(chunks) {',
      '  const out = []',
      '  for (const frame of frames(chunks)) out.push(deserialize(frame))',
      '  return out',
      '}',
    ];
    expect(flow(lines, 'lib/decode.js', 'deserialize(frame)').outcome).not.toBe('no-source');
  });
});

describe('a hook left to a subclass', () => {
  const base = (hook: string[]) => [
    'import pickle',
    '',
    '',
    'class PubSubManager(object):',
    '    def _listen(self):',
    '        """Return the next message; subclasses implement it."""',
    ...hook,
    '',
    '    def _thread(self):',
    '        for message in self._listen():',
    '            data = pickle.loads(message)',
    '            self._handle(data)',
  ];

  it('when the base class method only raises NotImplementedError, then its result is not known', () => {
    const r = flow(
      base(["        raise NotImplementedError('This method must be implemented in a subclass.')"]),
      'pubsub_manager.py',
      'pickle.loads(',
    );
    expect(r.outcome).toBe('undecided');
    expect(r.reason).toMatch(/left to a subclass/);
  });

  it('when the base class method returns a constant, then it is read as it is', () => {
    const r = flow(
      base(['        return [b"\\x80\\x04N."]']),
      'pubsub_manager.py',
      'pickle.loads(',
    );
    expect(r.outcome).toBe('no-source');
  });
});

describe('a container that starts empty at module level', () => {
  const helpFiles = (init: string) => [
    'import yaml',
    '',
    `helps = ${init}`,
    '',
    '',
    'def _load_help_file(delimiters):',
    '    if delimiters in helps:',
    '        return yaml.load(helps[delimiters])',
    '    return None',
  ];

  it('when the dict is empty where it is defined, then what it holds when read is not known', () => {
    const r = flow(helpFiles('{}'), 'knack/help_files.py', 'yaml.load(');
    expect(r.outcome).not.toBe('no-source');
    expect(r.reason).toMatch(/starts empty at module level/);
  });

  it('when the dict is written out as constants, then its elements are constants', () => {
    const r = flow(helpFiles('{"a": "short-summary: A"}'), 'knack/help_files.py', 'yaml.load(');
    expect(r.outcome).toBe('no-source');
  });
});
