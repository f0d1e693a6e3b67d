import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { ensurePythonImport } from '../../imports/python-imports.js';
import { argumentsOf, hasSplat, positional } from '../shared/args.js';
import { calleeName, importMap, rootName } from '../shared/names.js';
import { commonBlock } from '../shared/scope.js';
import { dropImportsIfUnused } from '../shared/unused-import.js';
import { jsonCompatible } from './json-compatible.js';

const MODULES = ['pickle', 'cPickle', '_pickle', 'marshal', 'dill'];

interface Data {
  fn: 'loads' | 'load';
  /** The one call in the file that writes what is read: `pickle.dumps(v)` or `pickle.dump(v, f)`. */
  producer: SgNode | null;
  refusal?: string;
  /** True when nothing around the read catches what `json.loads` raises on old data. */
  unguarded: boolean;
}

const HANDLES_VALUE_ERROR =
  /^(Exception|BaseException|ValueError|json\.JSONDecodeError|JSONDecodeError)$/;

/** True when the node sits in a `try` whose handlers catch what `json.loads` raises on old data. */
const guarded = (node: SgNode): boolean => {
  for (let n = node.parent(); n; n = n.parent()) {
    if (n.kind() === 'function_definition') return false;
    if (n.kind() !== 'block' || n.parent()?.kind() !== 'try_statement') continue;
    const handlers = n
      .parent()!
      .children()
      .filter((c) => c.kind() === 'except_clause');
    return handlers.some((h) => {
      const caught = h.namedChildren().find((c) => c.kind() !== 'block' && c.kind() !== 'comment');
      if (!caught) return true;
      const types = caught.kind() === 'as_pattern' ? caught.namedChildren()[0]! : caught;
      const names =
        types.kind() === 'tuple' ? types.namedChildren().map((t) => t.text()) : [types.text()];
      return names.some((t) => HANDLES_VALUE_ERROR.test(t));
    });
  }
  return false;
};

/** Why `producer` does not write plain JSON data, if it does not. */
const producerRefusal = (producers: SgNode[], fn: string): string | undefined => {
  if (producers.length === 0)
    return 'nothing in this file shows what was pickled: the data is written elsewhere';
  if (producers.length > 1) return 'the file pickles several values';
  const producer = producers[0]!;
  const value = positional(producer)[0];
  if (!value || hasSplat(producer)) return 'the pickled value is not a plain argument';
  if (!jsonCompatible(value))
    return 'the pickled value may hold types JSON does not round-trip (tuples, sets, bytes, objects)';
  const dumps = calleeName(producer, importMap(producer.getRoot().root()))?.endsWith('.dumps');
  if (!dumps && producer.parent()?.kind() !== 'expression_statement')
    return 'the result of dump() is used';
  if (fn === 'load' && dumps) return 'the data is read from a file but pickled to bytes';
  return undefined;
};

/** Loaders Bandit's B301 also reports, which this fix cannot turn into JSON, and why. */
const DECLINED: Record<string, string> = {
  'jsonpickle.decode':
    'jsonpickle.decode rebuilds arbitrary Python objects from the document (py/object, py/reduce); its output is not plain JSON data',
  'jsonpickle.loads':
    'jsonpickle.loads rebuilds arbitrary Python objects from the document (py/object, py/reduce); its output is not plain JSON data',
  'shelve.open':
    'a shelf stores every value as a pickle: replacing it is a change of storage for the whole shelf',
};

/** Every `pickle.loads`/`load` (and `marshal`) call, paired with the file's one producer. */
const unpickling = (file: SourceFile) => {
  const imports = importMap(file.root);
  const declined = file.root.findAll({ rule: { kind: 'call' } }).flatMap((call) => {
    const refusal = DECLINED[calleeName(call, imports) ?? ''];
    return refusal
      ? [{ node: call, data: { fn: 'loads' as const, producer: null, unguarded: false, refusal } }]
      : [];
  });
  const calls = file.root.findAll({ rule: { kind: 'call' } }).flatMap((call) => {
    const name = calleeName(call, imports);
    const [module, fn] = [
      name?.slice(0, name.lastIndexOf('.')),
      name?.slice(name.lastIndexOf('.') + 1),
    ];
    // A module re-exported by another package keeps its name: `from six.moves import cPickle`,
    // `from kombu.serialization import pickle`.
    const known =
      module && (MODULES.includes(module) || MODULES.includes(module.split('.').at(-1)!));
    return known && fn ? [{ call, module, fn }] : [];
  });
  const sites = calls
    .filter((c) => c.fn === 'loads' || c.fn === 'load')
    .map(({ call, module, fn }) => {
      const producers = calls
        .filter((c) => c.module === module && (c.fn === 'dumps' || c.fn === 'dump'))
        .map((c) => c.call);
      const refusal =
        argumentsOf(call).length !== 1
          ? 'the call passes options besides the data'
          : producerRefusal(producers, fn);
      const producer = producers.length === 1 ? producers[0]! : null;
      const data: Data = {
        fn: fn as Data['fn'],
        producer,
        unguarded: !guarded(call),
        ...(refusal ? { refusal } : {}),
      };
      // Scanners report the writer too (Semgrep's avoid-pickle matches `dumps`): it anchors the
      // same pair, which the fix changes together.
      return {
        node: call,
        data,
        ...(producer ? { anchors: [producer], scope: commonBlock(call, producer) } : {}),
      };
    });
  // `pickle.Unpickler(file)` (and dill's, with its session state): an object that reads a pickle
  // stream record by record, with its own `find_class`/`persistent_load` hooks.
  const unpicklers = calls
    .filter((c) => c.fn === 'Unpickler')
    .map(({ call, module }) => ({
      node: call,
      data: {
        fn: 'load' as const,
        producer: null,
        unguarded: false,
        refusal: `${module}.Unpickler reads a pickle stream object by object (its find_class and persistent_load hooks rebuild Python objects): JSON has no reader to put in its place at this call; the format of everything written for it changes with it`,
      },
    }));
  return [...sites, ...declined, ...unpicklers];
};

/** `remediate:python/pickle-to-json`: pickle/marshal of plain data → JSON, both ways. */
export const pythonPickleToJson = defineCodemod<Data>({
  id: 'remediate:python/pickle-to-json',
  languages: ['python'],
  rules: {
    bandit: ['B301', 'B302'],
    codeql: ['py/unsafe-deserialization'],
    semgrep: [
      'python.lang.security.deserialization.pickle.avoid-pickle',
      'python.lang.security.audit.marshal.marshal-usage',
      'python.lang.security.deserialization.pickle.avoid-dill',
      'python.lang.security.deserialization.pickle.avoid-cPickle',
      'python_deserialization_rule-pickle',
      'python_deserialization_rule-marshal',
    ],
    sonarqube: ['python:S5135'],
  },
  cwe: [502],
  owasp: ['A08:2021'],
  title: 'JSON instead of pickle or marshal for plain data',
  description:
    'Replaces `pickle.loads`/`load` (and `marshal`) with `json.loads`/`load` together with the ' +
    "file's single matching `pickle.dumps`/`dump`, which becomes `json.dumps(value).encode()` " +
    '(bytes, as before) or `f.write(json.dumps(value).encode())`, when the pickled value is ' +
    'plain JSON data (literals, lists, dicts with string keys, request fields). `cPickle`, ' +
    '`_pickle`, `dill`, aliases, `from pickle import loads` and a module re-exported by ' +
    'another package (`from six.moves import cPickle`) are followed. Policy: always a ' +
    '`behaviour_change` (another serialization format: data stored before the change no ' +
    'longer loads, which the explanation says, noting whether the reading code catches the ' +
    'error). Declined with the reason: values that may hold tuples, sets, bytes, dates or ' +
    'objects, a writer not in the file, several writers, extra options, `jsonpickle.decode` ' +
    'and `shelve.open` (reported with pickle, not plain data), and a `pickle.Unpickler` (or ' +
    "dill's) object, which reads a stream record by record with its own hooks.",
  rationale: {
    problem:
      'Unpickling runs code: a pickle can name any callable (`os.system`) with arguments, so ' +
      'whoever controls the bytes (a cookie, a cache entry, an upload) controls the process. ' +
      '`marshal` is not safer.',
    change:
      'The value is written and read as JSON, which can only produce strings, numbers, ' +
      'booleans, None, lists and dicts.',
    safety:
      'The value written is plain JSON data, so it reads back equal. Data stored in the old ' +
      "pickle format (a user's existing cookie, a warm cache) no longer loads: where the " +
      'reading code catches bad input it takes that path once; where it does not, the ' +
      'behaviour change says so for the reviewer.',
  },
  references: [
    {
      title: 'CWE-502: Deserialization of Untrusted Data',
      url: 'https://cwe.mitre.org/data/definitions/502.html',
    },
    {
      title: 'pickle: security warning',
      url: 'https://docs.python.org/3/library/pickle.html',
    },
    {
      title: 'OWASP A08:2021 Software and Data Integrity Failures',
      url: 'https://owasp.org/Top10/A08_2021-Software_and_Data_Integrity_Failures/',
    },
  ],
  detect: unpickling,
  fix: ({ node, data }, editor, ctx) => {
    if (!data) return;
    if (data.refusal || !data.producer) {
      return notApplicable('unsafe_to_change', data.refusal ?? 'no producer');
    }
    ctx.behaviourChange(
      data.unguarded
        ? 'the value is now stored as JSON: data pickled before the change raises json.JSONDecodeError where it is read, and nothing there catches it'
        : 'the value is now stored as JSON: data pickled before the change fails to parse once and takes the existing error path',
    );
    const json = ensurePythonImport(editor, 'json');
    const callee = node.field('function')!;
    const local = rootName(callee);
    editor.replace(callee, `${json}.${data.fn}`);
    const producer = data.producer;
    const [value, file] = positional(producer);
    const dumped = `${json}.dumps(${value!.text()}).encode()`;
    editor.replace(producer, file ? `${file.text()}.write(${dumped})` : dumped);
    dropImportsIfUnused(editor, [local, rootName(producer.field('function')!)], [callee, producer]);
  },
});
