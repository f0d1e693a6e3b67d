import { describe, expect, it } from 'vitest';
import { type Case, reached } from './adversarial.js';
import { flowAt } from './build.js';

// Adversarial soundness review: vulnerable code in the styles open-source packages write it,
// each a near miss of a guard or sanitizer the engine accepts. A single call an attacker makes
// reaches the sink with a dangerous value in every case, so none may be called 'no-source'.
// Cases the engine still reads as safe sit in KNOWN_UNSOUND (run as it.fails, with why each is
// left); the others guard against regressions in their class's describe.

/** Source text with the leading newline dropped; `tabs` turns each leading two spaces into a tab. */
const code = (s: string, tabs = false): string[] =>
  s
    .replace(/^\n/, '')
    .replace(/\n\s*$/, '')
    .split('\n')
    .map((l) => (tabs ? l.replace(/^((?: {2})+)/, (m) => '\t'.repeat(m.length / 2)) : l));

const cases: Case[] = [];
const add = (cls: string, uri: string, marker: string, name: string, lines: string[]) =>
  cases.push({ name, cls, uri, marker, lines });
const pp = (name: string, marker: string, lines: string[], uri = 'lib/index.js') =>
  add('prototype-pollution', uri, marker, name, lines);
const de = (name: string, marker: string, lines: string[], uri = 'pkg/store.py') =>
  add('deserialization', uri, marker, name, lines);
const pt = (name: string, marker: string, lines: string[], uri = 'lib/static.js') =>
  add('path-traversal', uri, marker, name, lines);
const ci = (name: string, marker: string, lines: string[], uri = 'lib/run.js') =>
  add('command-injection', uri, marker, name, lines);
const xx = (name: string, marker: string, lines: string[]) =>
  add('xxe', 'src/main/java/org/acme/xml/Reader.java', marker, name, lines);
const sq = (name: string, marker: string, lines: string[], uri = 'lib/db.js') =>
  add('sql-injection', uri, marker, name, lines);

// ---------------------------------------------------------------- prototype pollution

pp(
  'pp: the guard compares the whole path, the walk uses its segments',
  'cur[parts[parts.length - 1]] = value',
  code(
    `
'use strict';

module.exports = function setPath(obj, path, value) {
  var parts = path.split('.');
  var cur = obj;
  if (path === '__proto__' || path === 'constructor' || path === 'prototype') {
    return obj;
  }
  for (var i = 0; i < parts.length - 1; i++) {
    var part = parts[i];
    if (cur[part] === undefined) cur[part] = {};
    cur = cur[part];
  }
  cur[parts[parts.length - 1]] = value;
  return obj;
};
`,
    true,
  ),
);

pp(
  'pp: the guard only logs a warning',
  'target[key] = source[key]',
  code(
    `
function merge(target, source) {
  for (var key in source) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') {
      console.warn('deep-merge: suspicious key ' + key);
    }
    if (typeof source[key] === 'object' && source[key] !== null) {
      target[key] = merge(target[key] || {}, source[key]);
    } else {
      target[key] = source[key];
    }
  }
  return target;
}
module.exports = merge;
`,
    true,
  ),
);

pp(
  'pp: the guard comes after the recursive descent in the same iteration',
  'target[key] = source[key]',
  code(`
function merge(target, source) {
  for (const key of Object.keys(source)) {
    if (isObject(source[key])) {
      merge(target[key] = target[key] || {}, source[key]);
    } else {
      target[key] = source[key];
    }
    if (key === '__proto__' || key === 'constructor') break;
  }
  return target;
}
function isObject(v) { return v !== null && typeof v === 'object'; }
module.exports = merge;
`),
);

pp(
  'pp: the guard covers only the leaf write, not the descent',
  'target[key] = val',
  code(`
export default function deepMerge(target, src) {
  for (const key in src) {
    const val = src[key]
    if (val && typeof val === 'object') {
      if (!target[key]) target[key] = {}
      deepMerge(target[key], val)
    } else {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue
      target[key] = val
    }
  }
  return target
}
`),
  'src/merge.mjs',
);

pp(
  'pp: the guard checks the next segment, the walk steps into the current one',
  'cur[keys[keys.length - 1]] = value',
  code(`
function isUnsafe(k) {
  return k === '__proto__' || k === 'constructor' || k === 'prototype'
}

module.exports = function set(obj, path, value) {
  const keys = path.split('.')
  let cur = obj
  for (let i = 0; i < keys.length - 1; i++) {
    if (isUnsafe(keys[i + 1])) return obj
    cur = cur[keys[i]] = cur[keys[i]] || {}
  }
  cur[keys[keys.length - 1]] = value
  return obj
}
`),
);

pp(
  'pp: the public merge filters top-level keys; the private recursion does not',
  'target[key] = source[key];',
  code(
    `
const BLOCKED = ['__proto__', 'constructor', 'prototype'];

function mergeDeep(target, source) {
  for (const key of Object.keys(source)) {
    if (source[key] && typeof source[key] === 'object') {
      if (!target[key]) target[key] = {};
      mergeDeep(target[key], source[key]);
    } else {
      target[key] = source[key];
    }
  }
}

module.exports = function merge(target, source) {
  for (const key of Object.keys(source).filter((k) => !BLOCKED.includes(k))) {
    if (source[key] && typeof source[key] === 'object') {
      mergeDeep(target[key] = target[key] || {}, source[key]);
    } else {
      target[key] = source[key];
    }
  }
  return target;
};
`,
    true,
  ),
);

pp(
  'pp: a recursive setter refuses __proto__ only; constructor.prototype.x still lands',
  'obj[head] = value',
  code(`
function deepSet(obj, path, value) {
  const [head, ...rest] = path.split('.')
  if (head === '__proto__') throw new Error('unsafe key')
  if (rest.length === 0) {
    obj[head] = value
    return obj
  }
  if (obj[head] == null) obj[head] = {}
  deepSet(obj[head], rest.join('.'), value)
  return obj
}
module.exports = deepSet
`),
);

pp(
  'pp: the key is checked, then a prefix is stripped off it',
  'target[key] = source[name]',
  code(`
function merge(target, source) {
  for (const name in source) {
    let key = name
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue
    key = key.replace(/^\\$/, '')
    if (typeof source[name] === 'object' && source[name] !== null) {
      target[key] = merge(target[key] || {}, source[name])
    } else {
      target[key] = source[name]
    }
  }
  return target
}
exports.merge = merge
`),
);

pp(
  'pp: the key is checked case-sensitively, then lower-cased',
  'target[key] = source[name]',
  code(`
function mergeHeaders(target, source) {
  for (const name of Object.keys(source)) {
    if (name === '__proto__' || name === 'constructor' || name === 'prototype') continue
    const key = name.toLowerCase()
    if (typeof source[name] === 'object' && source[name] !== null) {
      target[key] = mergeHeaders(target[key] || {}, source[name])
    } else {
      target[key] = source[name]
    }
  }
  return target
}
module.exports = mergeHeaders
`),
);

pp(
  'pp: a three-level write refuses __proto__ only; constructor.prototype.x is open',
  'conf[section][name][prop] = value',
  code(
    `
module.exports = function setOption(conf, section, name, prop, value) {
  if (section === '__proto__' || name === '__proto__' || prop === '__proto__') {
    throw new TypeError('invalid option name');
  }
  if (!conf[section]) conf[section] = {};
  if (!conf[section][name]) conf[section][name] = {};
  conf[section][name][prop] = value;
  return conf;
};
`,
    true,
  ),
);

pp(
  'pp: the blocklist is checked on segments split by ".", the walk splits on brackets too',
  'cur[keys[i]] = value',
  code(`
const FORBIDDEN = ['__proto__', 'constructor', 'prototype']

export function set(obj, path, value) {
  if (path.split('.').some((k) => FORBIDDEN.includes(k))) {
    throw new Error('forbidden key in ' + path)
  }
  const keys = path.split(/[.[\\]]+/).filter(Boolean)
  let cur = obj
  for (let i = 0; i < keys.length; i++) {
    if (i === keys.length - 1) {
      cur[keys[i]] = value
    } else {
      if (cur[keys[i]] === undefined) cur[keys[i]] = {}
      cur = cur[keys[i]]
    }
  }
  return obj
}
`),
  'src/set.mjs',
);

pp(
  'pp: the segments are checked raw, then URI-decoded before the walk',
  'cur[key] = value',
  code(`
var BAD = /^(__proto__|constructor|prototype)$/

module.exports = function assignQuery(obj, name, value) {
  var raw = name.split('.')
  for (var i = 0; i < raw.length; i++) {
    if (BAD.test(raw[i])) return obj
  }
  var keys = raw.map(decodeURIComponent)
  var cur = obj
  for (var j = 0; j < keys.length - 1; j++) {
    var k = keys[j]
    if (typeof cur[k] !== 'object' || cur[k] === null) cur[k] = {}
    cur = cur[k]
  }
  var key = keys[keys.length - 1]
  cur[key] = value
  return obj
}
`),
);

pp(
  'pp: indexOf(...) > 0 lets a path starting with __proto__ through',
  'o[last] = val',
  code(
    `
module.exports = function dset(obj, keys, val) {
  if (keys.indexOf('__proto__') > 0 || keys.indexOf('constructor') > 0) return obj;
  var parts = keys.split('.');
  var last = parts.pop();
  var o = obj;
  for (var i = 0; i < parts.length; i++) {
    o = o[parts[i]] = o[parts[i]] || {};
  }
  o[last] = val;
  return obj;
};
`,
    true,
  ),
);

pp(
  'pp: a blocklist index compared with > 0 skips __proto__ (index 0)',
  'target[key] = source[key]',
  code(`
var UNSAFE = ['__proto__', 'constructor', 'prototype'];

function extend(target, source) {
  Object.keys(source).forEach(function (key) {
    if (UNSAFE.indexOf(key) > 0) return;
    if (source[key] && typeof source[key] === 'object') {
      target[key] = extend(target[key] || {}, source[key]);
    } else {
      target[key] = source[key];
    }
  });
  return target;
}
module.exports = extend;
`),
);

pp(
  'pp: only keys the target already has are merged (`in` also holds __proto__ and constructor)',
  'target[key] = src[key]',
  code(`
export function mergeDefaults(target, src) {
  for (const key of Object.keys(src)) {
    if (!(key in target)) continue
    if (typeof src[key] === 'object' && src[key] !== null) {
      mergeDefaults(target[key], src[key])
    } else {
      target[key] = src[key]
    }
  }
  return target
}
`),
  'src/defaults.mjs',
);

pp(
  'pp: the check loop only returns from its forEach callback',
  'cur[last] = value',
  code(`
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype'])

module.exports = function setIn(obj, path, value) {
  const keys = path.split('.')
  keys.forEach((k) => {
    if (UNSAFE.has(k)) return
  })
  const last = keys.pop()
  let cur = obj
  for (const k of keys) {
    if (cur[k] === undefined) cur[k] = {}
    cur = cur[k]
  }
  cur[last] = value
  return obj
}
`),
);

pp(
  'pp: the check loop sets a flag nobody reads',
  'cur[last] = value',
  code(`
const UNSAFE = ['__proto__', 'constructor', 'prototype']

module.exports = function setIn(obj, path, value) {
  const keys = path.split('.')
  let unsafe = false
  for (const k of keys) {
    if (UNSAFE.includes(k)) {
      unsafe = true
      break
    }
  }
  const last = keys.pop()
  let cur = obj
  for (const k of keys) {
    if (cur[k] === undefined) cur[k] = {}
    cur = cur[k]
  }
  cur[last] = value
  return obj
}
`),
);

pp(
  'pp: unflatten refuses a flat key equal to __proto__, not one containing it',
  'cur[parts[parts.length - 1]] = data[flat]',
  code(
    `
module.exports = function unflatten(data) {
  var result = {};
  for (var flat in data) {
    if (flat === '__proto__' || flat === 'constructor') continue;
    var parts = flat.split('.');
    var cur = result;
    for (var i = 0; i < parts.length - 1; i++) {
      if (!cur[parts[i]]) cur[parts[i]] = {};
      cur = cur[parts[i]];
    }
    cur[parts[parts.length - 1]] = data[flat];
  }
  return result;
};
`,
    true,
  ),
);

pp(
  'pp: the guard checks the source value type instead of the key, then descends',
  'target[key] = source[key];',
  code(
    `
function assignDeep(target, source) {
  for (const key of Object.keys(source)) {
    if (typeof source[key] === 'function') continue;
    if (Array.isArray(source[key])) {
      target[key] = source[key].slice();
    } else if (source[key] && typeof source[key] === 'object') {
      if (!target[key]) target[key] = {};
      assignDeep(target[key], source[key]);
    } else {
      target[key] = source[key];
    }
  }
  return target;
}
module.exports = assignDeep;
`,
    true,
  ),
);

pp(
  'pp: Object.assign into the target value at a key the guard never saw',
  'Object.assign(target[key], src[key])',
  code(`
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype'])

module.exports = function shallowDeep(target, src) {
  for (const key of Object.keys(src)) {
    if (src[key] && typeof src[key] === 'object' && target[key] && typeof target[key] === 'object') {
      Object.assign(target[key], src[key])
    } else if (!UNSAFE.has(key)) {
      target[key] = src[key]
    }
  }
  return target
}
`),
);

pp(
  'pp: a class method guards the key parameter, the walk uses this.path segments',
  'node[leaf] = value',
  code(
    `
class Store {
  constructor(state) {
    this.state = state || {};
  }

  set(path, value) {
    if (path === '__proto__') throw new Error('nope');
    const keys = path.split('/');
    const leaf = keys.pop();
    let node = this.state;
    for (const k of keys) {
      node = node[k] || (node[k] = {});
    }
    node[leaf] = value;
    return this;
  }
}

module.exports = Store;
`,
    true,
  ),
);

pp(
  'pp: hasOwnProperty on the target guards creation only; the walk descends anyway',
  'cur[last] = val',
  code(`
var hasOwn = Object.prototype.hasOwnProperty

exports.set = function (obj, path, val) {
  var keys = Array.isArray(path) ? path : path.split('.')
  var last = keys.pop()
  var cur = obj
  for (var i = 0; i < keys.length; i++) {
    var k = keys[i]
    if (!hasOwn.call(cur, k) && cur[k] === undefined) cur[k] = {}
    cur = cur[k]
  }
  cur[last] = val
  return obj
}
`),
);

pp(
  'pp: the guard is under `if (options.safe)` that is off by default',
  'target[key] = source[key]',
  code(
    `
function merge(target, source, options) {
  options = options || {};
  for (var key in source) {
    if (options.safe && (key === '__proto__' || key === 'constructor')) continue;
    if (source[key] !== null && typeof source[key] === 'object') {
      target[key] = merge(target[key] || {}, source[key], options);
    } else {
      target[key] = source[key];
    }
  }
  return target;
}
module.exports = merge;
`,
    true,
  ),
);

pp(
  'pp: the guard compares with a misspelt key',
  'target[key] = source[key]',
  code(
    `
function merge(target, source) {
  for (var key in source) {
    if (key === '_proto_' || key === 'constructor') continue;
    if (source[key] !== null && typeof source[key] === 'object') {
      target[key] = merge(target[key] || {}, source[key]);
    } else {
      target[key] = source[key];
    }
  }
  return target;
}
module.exports = merge;
`,
    true,
  ),
);

pp(
  'pp: an ESM path setter whose check of constructor requires the next key to be prototype, but __proto__ passes',
  'ref[key] = value',
  code(`
export function setValue(obj, path, value) {
  const keys = path.split('.')
  let ref = obj
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]
    if (key === 'constructor' && keys[i + 1] === 'prototype') return obj
    if (i === keys.length - 1) {
      ref[key] = value
    } else {
      ref = ref[key] ?? (ref[key] = {})
    }
  }
  return obj
}
`),
  'src/set-value.mjs',
);

pp(
  'pp: the guard returns from a nested helper, not from the setter',
  'cur[key] = value',
  code(`
function check(key) {
  if (key === '__proto__' || key === 'constructor' || key === 'prototype') {
    return false
  }
  return true
}

module.exports = function put(obj, path, value) {
  const keys = path.split('.')
  const key = keys.pop()
  let cur = obj
  for (const k of keys) {
    check(k)
    cur = cur[k] = cur[k] || {}
  }
  check(key)
  cur[key] = value
  return obj
}
`),
);

// ---------------------------------------------------------------- deserialization

de(
  'deser: the opt-in flag defaults to False but the check joins a file-name test with `and`',
  'pickle.load(f)',
  code(`
import os
import pickle


class FAISSStore:
    @classmethod
    def load_local(cls, folder_path: str, index_name: str = "index", allow_dangerous_deserialization: bool = False):
        path = os.path.join(folder_path, f"{index_name}.pkl")
        if not allow_dangerous_deserialization and not path.endswith(".pkl"):
            raise ValueError("pass allow_dangerous_deserialization=True to load pickles")
        with open(path, "rb") as f:
            docstore = pickle.load(f)
        return cls(docstore)
`),
);

de(
  'deser: the opt-in check guards the JSON branch only',
  'pickle.load(fh)',
  code(`
import json
import pickle


def load_index(path, allow_dangerous_deserialization=False):
    if path.endswith(".json"):
        if not allow_dangerous_deserialization:
            raise ValueError("refused")
        with open(path) as fh:
            return json.load(fh)
    with open(path, "rb") as fh:
        return pickle.load(fh)
`),
);

de(
  'deser: the gate raises only when the flag is None, so False passes',
  'pickle.load(f)',
  code(`
import pickle


def load_local(folder_path, allow_dangerous_deserialization=None):
    if allow_dangerous_deserialization is None:
        raise ValueError("set allow_dangerous_deserialization explicitly")
    with open(folder_path + "/index.pkl", "rb") as f:
        return pickle.load(f)
`),
);

de(
  'deser: torch.load gets weights_only from a parameter that defaults to False',
  'torch.load(',
  code(`
import torch


def load_checkpoint(path, map_location="cpu", weights_only=False):
    state = torch.load(
        path,
        map_location=map_location,
        weights_only=weights_only,
    )
    return state["model"]
`),
  'pkg/checkpoint.py',
);

de(
  'deser: torch.load weights_only is the negation of a flag that defaults to True',
  'torch.load(',
  code(`
import torch


class Trainer:
    def resume(self, ckpt_path, trust_remote_code=True):
        ckpt = torch.load(ckpt_path, weights_only=not trust_remote_code)
        self.model.load_state_dict(ckpt["state_dict"])
`),
  'pkg/trainer.py',
);

de(
  'deser: the YAML loader is SafeLoader only when the caller says safe (default False)',
  'yaml.load(',
  code(`
import yaml


def read_config(stream, safe=False):
    loader = yaml.SafeLoader if safe else yaml.Loader
    return yaml.load(stream, Loader=loader)
`),
  'pkg/config.py',
);

de(
  'deser: CLoader imported under the name SafeLoader',
  'yaml.load(',
  code(`
import yaml
from flask import request
from yaml import CLoader as SafeLoader


@app.route("/import", methods=["POST"])
def import_config():
    return yaml.load(request.get_data(), Loader=SafeLoader)
`),
  'app/views.py',
);

de(
  'deser: the safe loader is rebound to the unsafe one at module level',
  'yaml.load(',
  code(`
import yaml
from flask import request

Loader = yaml.SafeLoader
if hasattr(yaml, "UnsafeLoader"):
    Loader = yaml.UnsafeLoader


@app.route("/import", methods=["POST"])
def import_config():
    return yaml.load(request.get_data(), Loader=Loader)
`),
  'app/views.py',
);

de(
  'deser: np.load allow_pickle comes from a parameter that defaults to True',
  'np.load(',
  code(`
import numpy as np


def read_array(path, allow_pickle=True):
    return np.load(path, allow_pickle=allow_pickle)
`),
  'pkg/arrays.py',
);

de(
  'deser: pickle from a request cookie, base64 then zlib decoded',
  'pickle.loads(',
  code(`
import base64
import pickle
import zlib
from flask import request


@app.route("/cart")
def cart():
    raw = request.cookies.get("cart", "")
    items = pickle.loads(zlib.decompress(base64.b64decode(raw))) if raw else []
    return {"items": items}
`),
  'app/cart.py',
);

de(
  'deser: a decorator-wrapped view unpickles the upload',
  'pickle.load(',
  code(`
import pickle
from functools import wraps
from flask import request


def login_required(view):
    @wraps(view)
    def wrapped(*args, **kwargs):
        return view(*args, **kwargs)
    return wrapped


@app.route("/models", methods=["POST"])
@login_required
def upload_model():
    model = pickle.load(request.files["model"])
    return {"ok": bool(model)}
`),
  'app/models.py',
);

de(
  'deser: marshal.loads on the body after a size check',
  'marshal.loads(',
  code(`
import marshal
from flask import request


@app.route("/code", methods=["POST"])
def run_code():
    data = request.get_data()
    if len(data) > 1 << 20:
        return "too large", 413
    obj = marshal.loads(data)
    return {"type": type(obj).__name__}
`),
  'app/code.py',
);

de(
  'deser: a HMAC is computed but never compared',
  'pickle.loads(',
  code(`
import hashlib
import hmac
import pickle
from flask import request

SECRET = b"s3cr3t"


@app.route("/session")
def session():
    payload = bytes.fromhex(request.args["data"])
    sig = request.args["sig"]
    expected = hmac.new(SECRET, payload, hashlib.sha256).hexdigest()
    if not sig:
        return "missing signature", 400
    return {"s": pickle.loads(payload)}
`),
  'app/session.py',
);

de(
  'deser (Java): ObjectInputFilter with limits only allows every class',
  'in.readObject()',
  code(
    `
package org.acme.io;

import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;

public class Decoder {
  private static final ObjectInputFilter LIMITS =
      ObjectInputFilter.Config.createFilter("maxdepth=20;maxrefs=1000;maxbytes=500000");

  public Object decode(InputStream body) throws Exception {
    ObjectInputStream in = new ObjectInputStream(body);
    in.setObjectInputFilter(LIMITS);
    return in.readObject();
  }
}
`,
    true,
  ),
  'src/main/java/org/acme/io/Decoder.java',
);

de(
  'deser (Java): the filter is set on another stream than the one read',
  'ois.readObject()',
  code(
    `
package org.acme.io;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;

public class Decoder {
  public Object decode(InputStream body, byte[] header) throws Exception {
    ObjectInputStream headerIn = new ObjectInputStream(new ByteArrayInputStream(header));
    headerIn.setObjectInputFilter(ObjectInputFilter.Config.createFilter("org.acme.*;!*"));
    ObjectInputStream ois = new ObjectInputStream(body);
    return ois.readObject();
  }
}
`,
    true,
  ),
  'src/main/java/org/acme/io/Decoder.java',
);

de(
  'deser (Java): resolveClass refuses one gadget class by name only',
  'return in.readObject();',
  code(
    `
package org.acme.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;

public class Decoder {
  public Object decode(InputStream body) throws Exception {
    ObjectInputStream in = new ObjectInputStream(body) {
      @Override
      protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
        if (desc.getName().equals("org.apache.commons.collections.functors.InvokerTransformer")) {
          throw new InvalidClassException(desc.getName(), "blocked");
        }
        return super.resolveClass(desc);
      }
    };
    return in.readObject();
  }
}
`,
    true,
  ),
  'src/main/java/org/acme/io/Decoder.java',
);

de(
  'deser (Java): servlet reads an object from the request after an auth header check',
  'in.readObject()',
  code(
    `
package org.acme.web;

import java.io.ObjectInputStream;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

public class ImportServlet extends HttpServlet {
  @Override
  protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws java.io.IOException {
    if (req.getHeader("X-Token") == null) {
      resp.sendError(401);
      return;
    }
    try (ObjectInputStream in = new ObjectInputStream(req.getInputStream())) {
      Object o = in.readObject();
      resp.getWriter().print(o.getClass().getName());
    } catch (ClassNotFoundException e) {
      resp.sendError(400);
    }
  }
}
`,
    true,
  ),
  'src/main/java/org/acme/web/ImportServlet.java',
);

// ---------------------------------------------------------------- path traversal

pt(
  'path: a .. check before path.resolve lets an absolute name through',
  'fs.createReadStream(',
  code(`
const fs = require('fs');
const path = require('path');
const ROOT = path.join(__dirname, 'public');

module.exports = function read(req, res) {
  const name = req.query.file;
  if (name.indexOf('..') !== -1) return res.sendStatus(400);
  fs.createReadStream(path.resolve(ROOT, name)).pipe(res);
};
`),
);

pt(
  'path (Python): a ".." check before os.path.join lets an absolute name through',
  'send_file(',
  code(`
import os
from flask import request, send_file, abort

BASE = "/srv/reports"


@app.route("/report")
def report():
    name = request.args["name"]
    if ".." in name:
        abort(400)
    return send_file(os.path.join(BASE, name))
`),
  'app/reports.py',
);

pt(
  'path: ../ removed once (string replace is not global)',
  'fs.readFileSync(',
  code(`
const fs = require('fs');
const path = require('path');

exports.show = (req, res) => {
  const name = req.params.name.replace('../', '');
  res.send(fs.readFileSync(path.join(__dirname, 'docs', name), 'utf8'));
};
`),
);

pt(
  'path: ../ removed globally but not repeatedly (....// becomes ../)',
  'fs.readFileSync(',
  code(`
const fs = require('fs');
const path = require('path');

exports.show = (req, res) => {
  const name = req.params.name.replace(/\\.\\.\\//g, '');
  res.send(fs.readFileSync(path.join(__dirname, 'docs', name), 'utf8'));
};
`),
);

pt(
  'path (Python): "../" replaced once per pass (....// becomes ../)',
  'open(',
  code(`
import os
from flask import request

DOCS = "/srv/docs"


@app.route("/doc")
def doc():
    name = request.args.get("name", "").replace("../", "")
    with open(os.path.join(DOCS, name)) as fh:
        return fh.read()
`),
  'app/docs.py',
);

pt(
  'path: basename taken of a copy, the raw name is joined',
  'fs.createReadStream(',
  code(`
const fs = require('fs');
const path = require('path');
const UPLOADS = path.join(__dirname, 'uploads');

module.exports = function download(req, res) {
  const name = req.query.file;
  const base = path.basename(name);
  if (!base) return res.sendStatus(400);
  fs.createReadStream(path.join(UPLOADS, name)).pipe(res);
};
`),
);

pt(
  'path (Python): secure_filename of a copy, the raw name is sent',
  'send_file(',
  code(`
import os
from flask import request, send_file, abort
from werkzeug.utils import secure_filename

UPLOAD_DIR = "/srv/uploads"


@app.route("/download")
def download():
    name = request.args["file"]
    safe_name = secure_filename(name)
    if not safe_name:
        abort(400)
    return send_file(os.path.join(UPLOAD_DIR, name))
`),
  'app/files.py',
);

pt(
  'path: the containment result is stored and never used',
  'fs.createReadStream(file)',
  code(`
const fs = require('fs');
const path = require('path');
const isPathInside = require('is-path-inside');
const ROOT = path.join(__dirname, 'public');

module.exports = function read(req, res) {
  const file = path.resolve(ROOT, req.query.file);
  const inside = isPathInside(file, ROOT);
  fs.createReadStream(file).pipe(res);
};
`),
);

pt(
  'path: the containment check only logs',
  'fs.createReadStream(file)',
  code(`
const fs = require('fs');
const path = require('path');
const ROOT = path.join(__dirname, 'public');

module.exports = function read(req, res) {
  const file = path.resolve(ROOT, req.query.file);
  if (!file.startsWith(ROOT + path.sep)) {
    console.warn('path outside of root: %s', file);
  }
  fs.createReadStream(file).pipe(res);
};
`),
);

pt(
  'path: the check runs on the encoded name, the decoded one is joined',
  'fs.createReadStream(',
  code(`
const fs = require('fs');
const path = require('path');
const ROOT = path.join(__dirname, 'public');

module.exports = function serve(req, res) {
  const name = req.query.file;
  if (name.includes('..')) return res.sendStatus(400);
  fs.createReadStream(path.join(ROOT, decodeURIComponent(name))).pipe(res);
};
`),
);

pt(
  'path: one parameter is checked, another is joined',
  'fs.readFile(',
  code(`
const fs = require('fs');
const path = require('path');
const ROOT = path.join(__dirname, 'themes');

module.exports = function asset(req, res) {
  const { theme, file } = req.query;
  const dir = path.resolve(ROOT, theme);
  if (!dir.startsWith(ROOT + path.sep)) return res.sendStatus(403);
  fs.readFile(path.join(dir, file), (err, data) => res.send(data));
};
`),
);

pt(
  'path (Python): checked name is resolved, but the file opened is joined with another field',
  'open(',
  code(`
import os
from flask import request, abort

BASE = os.path.realpath("/srv/projects")


@app.route("/file")
def project_file():
    project = request.args["project"]
    path = request.args["path"]
    root = os.path.realpath(os.path.join(BASE, project))
    if not root.startswith(BASE + os.sep):
        abort(403)
    with open(os.path.join(root, path)) as fh:
        return fh.read()
`),
  'app/projects.py',
);

pt(
  'path (Go): filepath.Clean on a relative name keeps its leading ../',
  'os.Open(',
  code(
    `
package files

import (
  "net/http"
  "os"
  "path/filepath"
)

const root = "/srv/static"

func Serve(w http.ResponseWriter, r *http.Request) {
  name := filepath.Clean(r.URL.Query().Get("name"))
  f, err := os.Open(filepath.Join(root, name))
  if err != nil {
    http.Error(w, "not found", http.StatusNotFound)
    return
  }
  defer f.Close()
}
`,
    true,
  ),
  'files/serve.go',
);

pt(
  'path (Java): a ".." check before Path.resolve lets an absolute name through',
  'Files.readAllBytes(',
  code(
    `
package org.acme.web;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class FileController {
  private final Path baseDir = Paths.get("/srv/files");

  @GetMapping("/file")
  public byte[] file(@RequestParam String name) throws Exception {
    if (name.contains("..")) {
      throw new IllegalArgumentException("bad name");
    }
    return Files.readAllBytes(baseDir.resolve(name));
  }
}
`,
    true,
  ),
  'src/main/java/org/acme/web/FileController.java',
);

pt(
  'path (Java): Path.startsWith on a path that was not normalized',
  'Files.newInputStream(',
  code(
    `
package org.acme.web;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class FileController {
  private static final Path BASE = Paths.get("/srv/files");

  @GetMapping("/file")
  public InputStream file(@RequestParam String name) throws Exception {
    Path target = BASE.resolve(name);
    if (!target.startsWith(BASE)) {
      throw new SecurityException("outside");
    }
    return Files.newInputStream(target);
  }
}
`,
    true,
  ),
  'src/main/java/org/acme/web/FileController.java',
);

pt(
  'path (Java): the canonical path is computed for a log line, the raw file is read',
  'new FileInputStream(',
  code(
    `
package org.acme.web;

import java.io.File;
import java.io.FileInputStream;
import java.io.InputStream;
import javax.servlet.http.HttpServletRequest;

public class Downloads {
  private static final String BASE = "/srv/downloads";

  public InputStream open(HttpServletRequest req) throws Exception {
    File f = new File(BASE, req.getParameter("file"));
    String canonical = f.getCanonicalPath();
    if (!canonical.startsWith(BASE)) {
      System.err.println("suspicious download: " + canonical);
    }
    return new FileInputStream(f);
  }
}
`,
    true,
  ),
  'src/main/java/org/acme/web/Downloads.java',
);

pt(
  'path: a startsWith("..") check on the name only refuses names that begin with ..',
  'fs.readFileSync(',
  code(`
import fs from 'node:fs'
import path from 'node:path'

const TEMPLATES = path.resolve('templates')

export function render(req, res) {
  const view = req.params.view
  if (view.startsWith('..') || view.startsWith('/')) {
    return res.status(400).send('bad view')
  }
  res.send(fs.readFileSync(path.join(TEMPLATES, view + '.html'), 'utf8'))
}
`),
  'src/render.mjs',
);

pt(
  'path: the name is normalised but the check is on the un-normalised join of another base',
  'fs.createReadStream(',
  code(`
const fs = require('fs');
const path = require('path');
const ROOT = '/srv/public/';

module.exports = (req, res) => {
  const rel = path.normalize(req.query.file);
  if (!path.join(ROOT, rel).startsWith(ROOT)) return res.sendStatus(403);
  fs.createReadStream(path.resolve(ROOT, rel)).pipe(res);
};
`),
);

pt(
  'path (Python): an archive member checked for ".." joined with os.path.join (absolute member)',
  'open(',
  code(`
import os
import tarfile


def extract(archive_path, dest):
    with tarfile.open(archive_path) as tar:
        for member in tar.getmembers():
            if ".." in member.name.split("/"):
                raise ValueError("unsafe member")
            target = os.path.join(dest, member.name)
            if member.isfile():
                with open(target, "wb") as out:
                    out.write(tar.extractfile(member).read())
`),
  'pkg/archive.py',
);

// ---------------------------------------------------------------- command injection

ci(
  'cmd: single quotes escaped with a backslash (no effect inside single quotes)',
  'exec(',
  code(`
const { exec } = require('child_process');

function quote(arg) {
  return "'" + arg.replace(/'/g, "\\\\'") + "'";
}

module.exports = function log(branch, cb) {
  exec('git log --oneline ' + quote(branch), cb);
};
`),
);

ci(
  'cmd: JSON.stringify used as shell quoting ($() expands in double quotes)',
  'execSync(',
  code(`
const { execSync } = require('child_process');

exports.thumbnail = (req, res) => {
  const file = req.body.file;
  execSync('convert ' + JSON.stringify(file) + ' -resize 64x64 thumb.png');
  res.end();
};
`),
);

ci(
  'cmd: spaces escaped, nothing else',
  'exec(',
  code(`
const cp = require('child_process');

function escapeSpaces(s) {
  return s.replace(/ /g, '\\\\ ');
}

module.exports = function open(file, cb) {
  cp.exec('xdg-open ' + escapeSpaces(file), cb);
};
`),
);

ci(
  'cmd: "--" in a shell string does not stop ; or $()',
  'exec(',
  code(`
const { exec } = require('child_process');

module.exports = function blame(req, res) {
  exec('git blame -- ' + req.query.file, (err, out) => res.send(out));
};
`),
);

ci(
  'cmd: the allow-list regex is not anchored',
  'exec(',
  code(`
const { exec } = require('child_process');

module.exports = function ping(req, res) {
  const host = req.query.host;
  if (!/[a-z0-9.-]+/i.test(host)) return res.status(400).end();
  exec('ping -c 1 ' + host, (err, out) => res.send(out));
};
`),
);

ci(
  'cmd: the allow-list regex is anchored at the end only',
  'exec(',
  code(`
const { exec } = require('child_process');

module.exports = function ping(req, res) {
  const host = req.query.host;
  if (!/[a-z0-9.-]+$/i.test(host)) return res.status(400).end();
  exec('ping -c 1 ' + host, (err, out) => res.send(out));
};
`),
);

ci(
  'cmd: an anchored regex with the m flag passes a second line',
  'exec(',
  code(`
const { exec } = require('child_process');

module.exports = function ping(req, res) {
  const host = req.query.host;
  if (!/^[a-z0-9.-]+$/im.test(host)) return res.status(400).end();
  exec('ping -c 1 ' + host, (err, out) => res.send(out));
};
`),
);

ci(
  'cmd: the validated branch is concatenated with an unvalidated file',
  'exec(',
  code(`
const { exec } = require('child_process');

module.exports = function show(req, res) {
  const { branch, file } = req.query;
  if (!/^[\\w.\\/-]+$/.test(branch)) return res.status(400).end();
  exec('git show ' + branch + ':' + file, (err, out) => res.send(out));
};
`),
);

ci(
  'cmd: the validated value is a different variable than the one run',
  'exec(',
  code(`
const { exec } = require('child_process');

module.exports = function convert(req, res) {
  const format = req.body.format;
  const input = req.body.input;
  if (!/^[a-z0-9]+$/.test(format)) return res.status(400).end();
  exec(\`pandoc -t \${format} \${input}\`, (err, out) => res.send(out));
};
`),
);

ci(
  'cmd (Python): shlex.quote on one operand, the other raw',
  'subprocess.run(',
  code(`
import shlex
import subprocess


def convert(src, dst):
    subprocess.run(f"convert {shlex.quote(src)} {dst}", shell=True, check=True)
`),
  'pkg/convert.py',
);

ci(
  'cmd (Python): a list joined with spaces and run with shell=True',
  'subprocess.run(',
  code(`
import subprocess
from flask import request


@app.route("/unpack", methods=["POST"])
def unpack():
    name = request.form["archive"]
    cmd = ["tar", "xzf", name, "-C", "/srv/unpacked"]
    subprocess.run(" ".join(cmd), shell=True, check=True)
    return "ok"
`),
  'app/unpack.py',
);

ci(
  'cmd (Python): re.search allow-list (not anchored) before os.system',
  'os.system(',
  code(`
import os
import re
from flask import request, abort

HOST = re.compile(r"[A-Za-z0-9.-]+")


@app.route("/ping")
def ping():
    host = request.args["host"]
    if not HOST.search(host):
        abort(400)
    os.system("ping -c 1 " + host)
    return "ok"
`),
  'app/ping.py',
);

ci(
  'cmd (Python): re.match allow-list anchored at the start only',
  'os.system(',
  code(`
import os
import re
from flask import request, abort


@app.route("/ping")
def ping():
    host = request.args["host"]
    if not re.match(r"[A-Za-z0-9.-]+", host):
        abort(400)
    os.system("ping -c 1 " + host)
    return "ok"
`),
  'app/ping.py',
);

ci(
  'cmd (Python): pipes.quote applied, then the quoted value is stripped of its quotes',
  'subprocess.check_output(',
  code(`
import pipes
import subprocess


class Git:
    def __init__(self, repo):
        self.repo = repo

    def log(self, ref):
        ref = pipes.quote(ref).strip("'")
        return subprocess.check_output("git -C %s log %s" % (self.repo, ref), shell=True)
`),
  'pkg/git.py',
);

ci(
  'cmd (Python): double quotes around the value (shell still expands $() and `)',
  'subprocess.call(',
  code(`
import subprocess


def notify(title):
    subprocess.call('notify-send "%s"' % title.replace('"', '\\\\"'), shell=True)
`),
  'pkg/notify.py',
);

ci(
  'cmd (Python): "--" in a list run with shell=True as one string',
  'subprocess.check_call(',
  code(`
import subprocess


def fetch(url):
    subprocess.check_call("curl -sSL -- " + url + " -o /tmp/out", shell=True)
`),
  'pkg/fetch.py',
);

ci(
  'cmd (Java): an unanchored Matcher.find allow-list before Runtime.exec of sh -c',
  'Runtime.getRuntime().exec(',
  code(
    `
package org.acme.net;

import java.util.regex.Pattern;
import javax.servlet.http.HttpServletRequest;

public class Ping {
  private static final Pattern HOST = Pattern.compile("[A-Za-z0-9.-]+");

  public Process ping(HttpServletRequest req) throws Exception {
    String host = req.getParameter("host");
    if (!HOST.matcher(host).find()) {
      throw new IllegalArgumentException("bad host");
    }
    return Runtime.getRuntime().exec(new String[] {"sh", "-c", "ping -c 1 " + host});
  }
}
`,
    true,
  ),
  'src/main/java/org/acme/net/Ping.java',
);

ci(
  'cmd (Java): the value is checked not to start with "-", then run through sh -c',
  'new ProcessBuilder(',
  code(
    `
package org.acme.git;

import javax.servlet.http.HttpServletRequest;

public class Clone {
  public Process clone(HttpServletRequest req) throws Exception {
    String url = req.getParameter("url");
    if (url.startsWith("-")) {
      throw new IllegalArgumentException("bad url");
    }
    return new ProcessBuilder("sh", "-c", "git clone " + url + " /tmp/repo").start();
  }
}
`,
    true,
  ),
  'src/main/java/org/acme/git/Clone.java',
);

ci(
  'cmd (Go): an unanchored regexp allow-list before sh -c',
  'exec.Command(',
  code(
    `
package ping

import (
  "net/http"
  "os/exec"
  "regexp"
)

var hostRe = regexp.MustCompile(\`[a-zA-Z0-9.-]+\`)

func Handler(w http.ResponseWriter, r *http.Request) {
  host := r.URL.Query().Get("host")
  if !hostRe.MatchString(host) {
    http.Error(w, "bad host", http.StatusBadRequest)
    return
  }
  out, _ := exec.Command("sh", "-c", "ping -c 1 "+host).Output()
  w.Write(out)
}
`,
    true,
  ),
  'ping/handler.go',
);

ci(
  'cmd (Go): a leading-dash check before sh -c',
  'exec.Command(',
  code(
    `
package git

import (
  "net/http"
  "os/exec"
  "strings"
)

func Log(w http.ResponseWriter, r *http.Request) {
  ref := r.URL.Query().Get("ref")
  if strings.HasPrefix(ref, "-") {
    http.Error(w, "bad ref", http.StatusBadRequest)
    return
  }
  out, _ := exec.Command("sh", "-c", "git log --oneline "+ref).Output()
  w.Write(out)
}
`,
    true,
  ),
  'git/log.go',
);

ci(
  'cmd: the url comes before "--" in an execFile argv (git --upload-pack)',
  'execFileSync(',
  code(`
const { execFileSync } = require('child_process');

module.exports = function clone(req, res) {
  execFileSync('git', ['clone', req.body.url, '--', '/tmp/checkout']);
  res.end();
};
`),
);

ci(
  'cmd: spawn with shell: true after "--"',
  'spawn(',
  code(`
const { spawn } = require('child_process');

module.exports = function grep(req, res) {
  const child = spawn('grep', ['-rn', '--', req.query.q, '.'], { shell: true });
  child.stdout.pipe(res);
};
`),
);

ci(
  'cmd: shell-quote quotes the words, then a raw option is appended',
  'exec(',
  code(`
const { exec } = require('child_process');
const { quote } = require('shell-quote');

module.exports = function archive(req, res) {
  const cmd = quote(['tar', 'czf', 'out.tgz', req.body.dir]) + ' ' + req.body.flags;
  exec(cmd, (err) => res.end());
};
`),
);

ci(
  'cmd: a class method validates in one method, runs in another with a different field',
  'execSync(',
  code(`
const { execSync } = require('child_process');

class Repo {
  constructor(opts) {
    this.remote = opts.remote;
    this.branch = opts.branch;
  }

  validate() {
    if (!/^[\\w-]+$/.test(this.branch)) throw new Error('bad branch');
  }

  pull() {
    this.validate();
    return execSync(\`git pull \${this.remote} \${this.branch}\`);
  }
}

module.exports = Repo;
`),
);

// ---------------------------------------------------------------- XXE (Java)

const javaXml = (body: string) =>
  code(
    `
package org.acme.xml;

import java.io.InputStream;
import java.io.StringReader;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.transform.TransformerFactory;
import javax.xml.validation.SchemaFactory;
import org.w3c.dom.Document;
import org.xml.sax.EntityResolver;
import org.xml.sax.InputSource;

public class Reader {
${body}
}
`,
    true,
  );

xx(
  'xxe: setExpandEntityReferences(false) alone',
  'DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
  javaXml(`
  public Document read(InputStream body) throws Exception {
    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
    dbf.setExpandEntityReferences(false);
    dbf.setNamespaceAware(true);
    return dbf.newDocumentBuilder().parse(body);
  }
`),
);

xx(
  'xxe: external general entities off, parameter entities and external DTDs still on',
  'DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
  javaXml(`
  public Document read(InputStream body) throws Exception {
    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
    dbf.setFeature("http://xml.org/sax/features/external-general-entities", false);
    return dbf.newDocumentBuilder().parse(body);
  }
`),
);

xx(
  'xxe: setXIncludeAware(false) alone',
  'DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
  javaXml(`
  public Document read(InputStream body) throws Exception {
    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
    dbf.setXIncludeAware(false);
    return dbf.newDocumentBuilder().parse(body);
  }
`),
);

xx(
  'xxe: the disallow feature is set from a parameter the caller passes',
  'DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
  javaXml(`
  public Document read(InputStream body, boolean secure) throws Exception {
    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
    dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", secure);
    return dbf.newDocumentBuilder().parse(body);
  }

  public Document readUpload(InputStream body) throws Exception {
    return read(body, false);
  }
`),
);

xx(
  'xxe: the resolver answers http entities only and returns null for file:',
  'DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
  javaXml(`
  public Document read(InputStream body) throws Exception {
    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
    DocumentBuilder builder = dbf.newDocumentBuilder();
    builder.setEntityResolver(new EntityResolver() {
      @Override
      public InputSource resolveEntity(String publicId, String systemId) {
        if (systemId != null && systemId.startsWith("http")) {
          return new InputSource(new StringReader(""));
        }
        return null;
      }
    });
    return builder.parse(body);
  }
`),
);

xx(
  'xxe: a resolver class of the file that returns null',
  'DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
  javaXml(`
  static class NoopResolver implements EntityResolver {
    @Override
    public InputSource resolveEntity(String publicId, String systemId) {
      return null;
    }
  }

  public Document read(InputStream body) throws Exception {
    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
    DocumentBuilder builder = dbf.newDocumentBuilder();
    builder.setEntityResolver(new NoopResolver());
    return builder.parse(body);
  }
`),
);

xx(
  'xxe: the secure factory is a field, the method parses with a new one',
  'DocumentBuilderFactory local = DocumentBuilderFactory.newInstance();',
  javaXml(`
  private final DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();

  public Reader() throws Exception {
    dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
  }

  public Document read(InputStream body) throws Exception {
    DocumentBuilderFactory local = DocumentBuilderFactory.newInstance();
    local.setNamespaceAware(true);
    return local.newDocumentBuilder().parse(body);
  }
`),
);

xx(
  'xxe: configured after the builder was made from it (the builder keeps the old settings)',
  'DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
  javaXml(`
  public Document read(InputStream body) throws Exception {
    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
    DocumentBuilder builder = dbf.newDocumentBuilder();
    dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return builder.parse(body);
  }
`),
);

xx(
  'xxe: TransformerFactory refuses external stylesheets only, the input document still loads a DTD',
  'TransformerFactory tf = TransformerFactory.newInstance();',
  javaXml(`
  public void transform(InputStream xsl, InputStream body, java.io.OutputStream out) throws Exception {
    TransformerFactory tf = TransformerFactory.newInstance();
    tf.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "");
    tf.newTransformer(new javax.xml.transform.stream.StreamSource(xsl))
        .transform(new javax.xml.transform.stream.StreamSource(body), new javax.xml.transform.stream.StreamResult(out));
  }
`),
);

xx(
  'xxe: SchemaFactory refuses external schemas only, the validated document still loads a DTD',
  'SchemaFactory sf = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);',
  javaXml(`
  public void validate(InputStream xsd, InputStream body) throws Exception {
    SchemaFactory sf = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
    sf.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    sf.newSchema(new javax.xml.transform.stream.StreamSource(xsd))
        .newValidator()
        .validate(new javax.xml.transform.stream.StreamSource(body));
  }
`),
);

xx(
  'xxe: the SAX feature is set on a second factory, the first one parses',
  'SAXParserFactory spf = SAXParserFactory.newInstance();',
  javaXml(`
  public void parse(InputStream body, org.xml.sax.helpers.DefaultHandler handler) throws Exception {
    SAXParserFactory spf = SAXParserFactory.newInstance();
    SAXParserFactory validating = SAXParserFactory.newInstance();
    validating.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    validating.setValidating(true);
    spf.newSAXParser().parse(body, handler);
  }
`),
);

xx(
  'xxe: the disallow feature set inside a catch that runs only when namespace setup fails',
  'DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
  javaXml(`
  public Document read(InputStream body) throws Exception {
    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
    try {
      dbf.setNamespaceAware(true);
    } catch (IllegalArgumentException e) {
      dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    }
    return dbf.newDocumentBuilder().parse(body);
  }
`),
);

xx(
  'xxe: the secure helper returns a configured copy the caller discards',
  'DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
  javaXml(`
  private static DocumentBuilderFactory secured() throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return f;
  }

  public Document read(InputStream body) throws Exception {
    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
    secured();
    return dbf.newDocumentBuilder().parse(body);
  }
`),
);

// ---------------------------------------------------------------- SQL injection (a few guard near misses)

sq(
  'sql: the sort column allow-list is an unanchored regex',
  'db.query(',
  code(`
module.exports = function list(req, res) {
  const sort = req.query.sort;
  if (!/[a-z_]+/.test(sort)) return res.status(400).end();
  db.query('SELECT * FROM items ORDER BY ' + sort, (err, rows) => res.json(rows));
};
`),
);

sq(
  'sql: the id is parsed to a number in a copy, the raw id is concatenated',
  'db.query(',
  code(`
module.exports = function get(req, res) {
  const id = req.params.id;
  const n = parseInt(id, 10);
  if (Number.isNaN(n)) return res.status(400).end();
  db.query('SELECT * FROM items WHERE id = ' + id, (err, rows) => res.json(rows));
};
`),
);

sq(
  'sql: the allow-list check only logs',
  'db.query(',
  code(`
const COLUMNS = ['name', 'created_at'];

module.exports = function list(req, res) {
  const sort = req.query.sort;
  if (!COLUMNS.includes(sort)) console.warn('unknown sort column', sort);
  db.query('SELECT * FROM items ORDER BY ' + sort, (err, rows) => res.json(rows));
};
`),
);

sq(
  'sql: the quote is doubled once only (replace without g)',
  'db.query(',
  code(`
function escape(s) {
  return "'" + s.replace("'", "''") + "'";
}

module.exports = function find(req, res) {
  db.query('SELECT * FROM users WHERE name = ' + escape(req.query.name), (err, rows) => res.json(rows));
};
`),
);

sq(
  'sql (Python): the allow-list is checked for one column, another is formatted in',
  'cursor.execute(',
  code(`
from flask import request

ALLOWED = {"name", "created_at"}


@app.route("/items")
def items():
    sort = request.args.get("sort", "name")
    order = request.args.get("order", "asc")
    if sort not in ALLOWED:
        return "bad sort", 400
    cursor.execute(f"SELECT * FROM items ORDER BY {sort} {order}")
    return {"rows": cursor.fetchall()}
`),
  'app/items.py',
);

// ---------------------------------------------------------------- closer near misses of the accepted guards

pp(
  'pp: the key filter is called but its result is discarded',
  'cur[key] = val',
  code(
    `
function isValidKey(key) {
  return key !== '__proto__' && key !== 'constructor' && key !== 'prototype';
}

module.exports = function set(obj, prop, val) {
  var keys = prop.split('.');
  keys.filter(isValidKey);
  var key = keys.pop();
  var cur = obj;
  for (var i = 0; i < keys.length; i++) {
    if (cur[keys[i]] === undefined) cur[keys[i]] = {};
    cur = cur[keys[i]];
  }
  cur[key] = val;
  return obj;
};
`,
    true,
  ),
);

pp(
  'pp: the key filter joins its tests with || (always true)',
  '\t\tcurrent[key] = val;',
  code(
    `
'use strict';

function isValidKey(key) {
  return key !== '__proto__' || key !== 'constructor' || key !== 'prototype';
}

module.exports = function(obj, prop, val) {
  var keys = prop.split('.').filter(isValidKey);
  var len = keys.length;
  var idx = -1;
  var current = obj;

  while (++idx < len) {
    var key = keys[idx];
    if (idx !== len - 1) {
      if (current[key] === undefined) {
        current[key] = {};
      }
      current = current[key];
      continue;
    }
    current[key] = val;
  }
  return obj;
};
`,
    true,
  ),
);

pp(
  'pp: the filtered list is built, the walk splits the path again',
  'current[key] = val',
  code(`
const isValidKey = (k) => k !== '__proto__' && k !== 'constructor' && k !== 'prototype'

module.exports = function set(obj, prop, val) {
  const keys = prop.split('.').filter(isValidKey)
  if (!keys.length) return obj
  const parts = prop.split('.')
  const last = parts.pop()
  let current = obj
  for (const part of parts) {
    if (current[part] === undefined) current[part] = {}
    current = current[part]
  }
  const key = last
  current[key] = val
  return obj
}
`),
);

pp(
  'pp: a Set built from a string holds its characters, not the three keys',
  'target[key] = source[key]',
  code(`
const UNSAFE = new Set('__proto__', 'constructor', 'prototype')

module.exports = function deepAssign(target, source) {
  Object.keys(source).forEach(function (key) {
    if (UNSAFE.has(key)) return
    if (source[key] && typeof source[key] === 'object') {
      deepAssign(target[key] = target[key] || {}, source[key])
      return
    }
    target[key] = source[key]
  })
  return target
}
`),
);

pp(
  'pp: hasOwnProperty on an object literal whose __proto__ key set its prototype instead',
  'target[key] = source[key]',
  code(
    `
var FORBIDDEN = { __proto__: true, constructor: true, prototype: true };
var hasOwn = Object.prototype.hasOwnProperty;

function merge(target, source) {
  for (var key in source) {
    if (hasOwn.call(FORBIDDEN, key)) continue;
    if (source[key] !== null && typeof source[key] === 'object') {
      target[key] = merge(target[key] || {}, source[key]);
    } else {
      target[key] = source[key];
    }
  }
  return target;
}
module.exports = merge;
`,
    true,
  ),
);

pp(
  'pp: the guard throws inside a try whose catch only logs',
  'target[key] = source[key]',
  code(`
const UNSAFE = ['__proto__', 'constructor', 'prototype']

function merge(target, source) {
  for (const key of Object.keys(source)) {
    try {
      if (UNSAFE.includes(key)) throw new Error('unsafe key ' + key)
    } catch (err) {
      console.error(err.message)
    }
    if (source[key] && typeof source[key] === 'object') {
      target[key] = merge(target[key] || {}, source[key])
    } else {
      target[key] = source[key]
    }
  }
  return target
}
module.exports = merge
`),
);

pp(
  'pp: the key is checked raw and trimmed before the walk',
  'cur[last] = value',
  code(`
const BAD = /^(?:__proto__|constructor|prototype)$/

module.exports = function setIni(obj, path, value) {
  const raw = path.split('.')
  for (const k of raw) {
    if (BAD.test(k)) return obj
  }
  const keys = raw.map((k) => k.trim())
  const last = keys.pop()
  let cur = obj
  for (const k of keys) {
    if (cur[k] === undefined) cur[k] = {}
    cur = cur[k]
  }
  cur[last] = value
  return obj
}
`),
);

pp(
  'pp: the whole path is tested by a regex, escapes are removed after',
  'cur[keys[i]] = value',
  code(`
module.exports = function set(obj, path, value) {
  if (/__proto__|constructor|prototype/.test(path)) {
    throw new Error('invalid path')
  }
  const keys = path.split('.').map((k) => k.replace(/\\\\(.)/g, '$1'))
  let cur = obj
  for (let i = 0; i < keys.length; i++) {
    if (i === keys.length - 1) {
      cur[keys[i]] = value
    } else {
      if (cur[keys[i]] === undefined) cur[keys[i]] = {}
      cur = cur[keys[i]]
    }
  }
  return obj
}
`),
);

pp(
  'pp: includes() on a blocklist misses a segment given as an array ([["__proto__"], "x"])',
  'cur[last] = value',
  code(`
const UNSAFE = ['__proto__', 'constructor', 'prototype']

module.exports = function setValue(obj, path, value) {
  const keys = Array.isArray(path) ? path.slice() : path.split('.')
  if (keys.some((k) => UNSAFE.includes(k))) throw new Error('unsafe path')
  const last = keys.pop()
  let cur = obj
  for (const k of keys) {
    if (cur[k] === undefined) cur[k] = {}
    cur = cur[k]
  }
  cur[last] = value
  return obj
}
`),
);

pp(
  'pp: the guard is off unless options.allowPrototypes is exactly false',
  'obj[key] = val',
  code(
    `
module.exports = function parseKeys(obj, givenKey, val, options) {
  var allowPrototypes = !options || options.allowPrototypes !== false;
  var keys = givenKey.split('.');
  var last = keys.pop();
  for (var i = 0; i < keys.length; i++) {
    var k = keys[i];
    if (!allowPrototypes && (k === '__proto__' || k === 'constructor')) return obj;
    if (obj[k] === undefined) obj[k] = {};
    obj = obj[k];
  }
  var key = last;
  obj[key] = val;
  return obj;
};
`,
    true,
  ),
);

pp(
  'pp: isUnsafeKey joins its tests with && (never true)',
  '\t\t\ttarget[key] =',
  code(
    `
function isUnsafeKey(key) {
  return key === '__proto__' && key === 'constructor' && key === 'prototype'
}

export default function merge(target, ...sources) {
  for (const source of sources) {
    for (const [key, value] of Object.entries(source)) {
      if (isUnsafeKey(key)) {
        continue
      }
      target[key] = value && typeof value === 'object' ? merge(target[key] ?? {}, value) : value
    }
  }
  return target
}
`,
    true,
  ),
  'src/merge.js',
);

pp(
  'pp: the regex of the three keys is missing its closing anchor group (matches only ^__proto__)',
  'cur[last] = value',
  code(`
module.exports = function set(obj, path, value) {
  var keys = path.split('.')
  var cur = obj
  for (var i = 0; i < keys.length - 1; i++) {
    var k = keys[i]
    if (/^__proto__$/.test(k)) return obj
    cur = cur[k] = cur[k] || {}
  }
  var last = keys[keys.length - 1]
  if (/^__proto__$/.test(last)) return obj
  cur[last] = value
  return obj
}
`),
);

pp(
  'pp: the blocklist every() uses the wrong polarity (any safe segment passes)',
  'cur[last] = value',
  code(`
const FORBIDDEN = ['__proto__', 'constructor', 'prototype']

export function setIn(obj, path, value) {
  const keys = path.split('.')
  if (!keys.some((k) => !FORBIDDEN.includes(k))) throw new Error('forbidden path')
  const last = keys.pop()
  let cur = obj
  for (const k of keys) {
    if (cur[k] === undefined) cur[k] = {}
    cur = cur[k]
  }
  cur[last] = value
  return obj
}
`),
  'src/set-in.mjs',
);

// deserialization with request sources, so the guard is what decides

de(
  'deser: a Flask view passes weights_only through a helper that defaults it to False',
  'torch.load(',
  code(`
import torch
from flask import request


def _load(fh, weights_only=False):
    return torch.load(fh, map_location="cpu", weights_only=weights_only)


@app.route("/checkpoints", methods=["POST"])
def upload_checkpoint():
    state = _load(request.files["ckpt"])
    return {"keys": list(state)}
`),
  'app/checkpoints.py',
);

de(
  'deser: weights_only comes from a request flag',
  'torch.load(',
  code(`
import torch
from flask import request


@app.route("/checkpoints", methods=["POST"])
def upload_checkpoint():
    safe = request.args.get("safe", "0") == "1"
    state = torch.load(request.files["ckpt"], weights_only=safe)
    return {"keys": list(state)}
`),
  'app/checkpoints.py',
);

de(
  'deser: the YAML loader is chosen from a request flag',
  'yaml.load(',
  code(`
import yaml
from flask import request


@app.route("/import", methods=["POST"])
def import_config():
    strict = request.args.get("strict") == "1"
    loader = yaml.SafeLoader if strict else yaml.Loader
    return yaml.load(request.get_data(), Loader=loader)
`),
  'app/views.py',
);

de(
  'deser: np.load allow_pickle is the negation of a module constant False',
  'np.load(',
  code(`
import numpy as np
from flask import request

STRICT = False


@app.route("/arrays", methods=["POST"])
def upload_array():
    arr = np.load(request.files["a"], allow_pickle=not STRICT)
    return {"shape": list(arr.shape)}
`),
  'app/arrays.py',
);

de(
  'deser: the opt-in defaults to True through kwargs.get',
  'pickle.load(f)',
  code(`
import pickle


def load_local(folder_path, **kwargs):
    if not kwargs.get("allow_dangerous_deserialization", True):
        raise ValueError("refusing to load a pickle")
    with open(folder_path + "/index.pkl", "rb") as f:
        return pickle.load(f)
`),
);

de(
  'deser: the opt-in refuses only an explicit False (the default None passes)',
  'pickle.load(f)',
  code(`
import pickle


def load_local(folder_path, allow_dangerous_deserialization=None):
    if allow_dangerous_deserialization is False:
        raise ValueError("refusing to load a pickle")
    with open(folder_path + "/index.pkl", "rb") as f:
        return pickle.load(f)
`),
);

de(
  'deser: the opt-in raise is swallowed by its own try/except',
  'pickle.load(f)',
  code(`
import logging
import pickle

logger = logging.getLogger(__name__)


def load_local(folder_path, allow_dangerous_deserialization=False):
    try:
        if not allow_dangerous_deserialization:
            raise ValueError("pass allow_dangerous_deserialization=True to load pickles")
    except ValueError as e:
        logger.warning("%s", e)
    with open(folder_path + "/index.pkl", "rb") as f:
        return pickle.load(f)
`),
);

de(
  'deser: the opt-in is read from the request body',
  'pickle.loads(',
  code(`
import pickle
from flask import request


@app.route("/restore", methods=["POST"])
def restore():
    body = request.get_json()
    if not body.get("allow_dangerous_deserialization"):
        return "refused", 400
    state = pickle.loads(bytes.fromhex(body["state"]))
    return {"keys": list(state)}
`),
  'app/restore.py',
);

de(
  'deser: yaml.load with the unsafe loader behind a CSafeLoader fallback import of the wrong name',
  'yaml.load(',
  code(`
import yaml
from flask import request

try:
    from yaml import CLoader as SafeLoader
except ImportError:
    from yaml import SafeLoader


@app.route("/import", methods=["POST"])
def import_config():
    return yaml.load(request.get_data(), Loader=SafeLoader)
`),
  'app/views.py',
);

// path traversal, closer to accepted checks

pt(
  'path: the check is on path.join (absolute stays under the root), the read on path.resolve',
  'fs.readFile(',
  code(`
const fs = require('fs');
const path = require('path');
const ROOT = path.join(__dirname, 'public');

module.exports = function read(req, res) {
  const name = req.query.file;
  if (!path.join(ROOT, name).startsWith(ROOT + path.sep)) return res.sendStatus(403);
  fs.readFile(path.resolve(ROOT, name), (err, data) => res.send(data));
};
`),
);

pt(
  'path: normalize then refuse a leading .., then path.resolve (absolute name)',
  'fs.createReadStream(',
  code(`
const fs = require('fs');
const path = require('path');
const ROOT = path.join(__dirname, 'public');

module.exports = function read(req, res) {
  const name = path.normalize(req.query.file);
  if (name.startsWith('..')) return res.sendStatus(403);
  fs.createReadStream(path.resolve(ROOT, name)).pipe(res);
};
`),
);

pt(
  'path (Python): normpath then refuse a leading .., then os.path.join (absolute name)',
  'send_file(',
  code(`
import os
from flask import request, send_file, abort

BASE = "/srv/reports"


@app.route("/report")
def report():
    name = os.path.normpath(request.args["name"])
    if name.startswith(".."):
        abort(400)
    return send_file(os.path.join(BASE, name))
`),
  'app/reports.py',
);

pt(
  'path (Python): a tar upload whose members are checked for ".." only (absolute member)',
  'open(target',
  code(`
import os
import tarfile
from flask import request

DEST = "/srv/unpacked"


@app.route("/upload", methods=["POST"])
def upload():
    with tarfile.open(fileobj=request.files["archive"]) as tar:
        for member in tar.getmembers():
            if ".." in member.name.split("/"):
                return "unsafe member", 400
            target = os.path.join(DEST, member.name)
            if member.isfile():
                with open(target, "wb") as out:
                    out.write(tar.extractfile(member).read())
    return "ok"
`),
  'app/upload.py',
);

pt(
  'path: the .. check runs on req.path, the file is taken from the raw url',
  'fs.createReadStream(',
  code(`
const fs = require('fs');
const path = require('path');
const ROOT = path.join(__dirname, 'public');

module.exports = function serve(req, res) {
  if (req.path.includes('..')) return res.sendStatus(400);
  const name = decodeURIComponent(req.url.split('?')[0]);
  fs.createReadStream(path.join(ROOT, name)).pipe(res);
};
`),
);

pt(
  'path: resolved path checked with startsWith, then the raw name is opened relative to the cwd',
  'fs.readFileSync(',
  code(`
const fs = require('fs');
const path = require('path');
const ROOT = path.resolve('uploads');

exports.show = (req, res) => {
  const name = req.query.name;
  const full = path.resolve(ROOT, name);
  if (!full.startsWith(ROOT + path.sep)) return res.sendStatus(403);
  res.send(fs.readFileSync(name));
};
`),
);

// command injection, closer to accepted sanitizers

ci(
  'cmd: a correct single-quote helper, its result put inside double quotes',
  'exec(',
  code(`
const { exec } = require('child_process');

function escapeShellArg(arg) {
  return "'" + arg.replace(/'/g, "'\\\\''") + "'";
}

module.exports = function run(req, res) {
  exec('sh -c "git log --oneline ' + escapeShellArg(req.query.branch) + '"', (e, out) => res.send(out));
};
`),
);

ci(
  'cmd (Python): shlex.quote inside a double-quoted remote command (the local shell expands $())',
  'subprocess.run(',
  code(`
import shlex
import subprocess
from flask import request


@app.route("/ls")
def ls():
    d = request.args["dir"]
    out = subprocess.run(f'ssh backup "ls -la {shlex.quote(d)}"', shell=True, capture_output=True)
    return out.stdout
`),
  'app/ls.py',
);

ci(
  'cmd (Python): an anchored pattern compiled with re.MULTILINE',
  'os.system(',
  code(`
import os
import re
from flask import request, abort

HOST = re.compile(r"^[A-Za-z0-9.-]+$", re.MULTILINE)


@app.route("/ping")
def ping():
    host = request.args["host"]
    if not HOST.search(host):
        abort(400)
    os.system("ping -c 1 " + host)
    return "ok"
`),
  'app/ping.py',
);

ci(
  'cmd: the allow-list class holds \\s (a newline ends the command)',
  'exec(',
  code(`
const { exec } = require('child_process');

module.exports = function say(req, res) {
  const text = req.query.text;
  if (!/^[\\w\\s.,-]+$/.test(text)) return res.status(400).end();
  exec('espeak ' + text, (err) => res.end());
};
`),
);

ci(
  'cmd: an unescaped . in the allow-list matches ; between two words',
  'exec(',
  code(`
const { exec } = require('child_process');

module.exports = function convert(req, res) {
  const file = req.query.file;
  if (!/^[\\w-]+.[\\w-]+$/.test(file)) return res.status(400).end();
  exec('convert uploads/' + file + ' out.png', (err) => res.end());
};
`),
);

ci(
  'cmd: [A-z] in the allow-list lets a backtick through',
  'exec(',
  code(`
const { exec } = require('child_process');

module.exports = function ping(req, res) {
  const host = req.query.host;
  if (!/^[A-z0-9.-]+$/.test(host)) return res.status(400).end();
  exec('ping -c 1 ' + host, (err, out) => res.send(out));
};
`),
);

ci(
  'cmd (Java): an anchored Pattern with MULTILINE and find()',
  'Runtime.getRuntime().exec(',
  code(
    `
package org.acme.net;

import java.util.regex.Pattern;
import javax.servlet.http.HttpServletRequest;

public class Ping {
  private static final Pattern HOST = Pattern.compile("^[A-Za-z0-9.-]+$", Pattern.MULTILINE);

  public Process ping(HttpServletRequest req) throws Exception {
    String host = req.getParameter("host");
    if (!HOST.matcher(host).find()) {
      throw new IllegalArgumentException("bad host");
    }
    return Runtime.getRuntime().exec(new String[] {"sh", "-c", "ping -c 1 " + host});
  }
}
`,
    true,
  ),
  'src/main/java/org/acme/net/Ping.java',
);

ci(
  'cmd (Go): a (?m) anchored pattern',
  'exec.Command(',
  code(
    `
package ping

import (
  "net/http"
  "os/exec"
  "regexp"
)

var hostRe = regexp.MustCompile(\`(?m)^[a-zA-Z0-9.-]+$\`)

func Handler(w http.ResponseWriter, r *http.Request) {
  host := r.URL.Query().Get("host")
  if !hostRe.MatchString(host) {
    http.Error(w, "bad host", http.StatusBadRequest)
    return
  }
  out, _ := exec.Command("sh", "-c", "ping -c 1 "+host).Output()
  w.Write(out)
}
`,
    true,
  ),
  'ping/handler.go',
);

ci(
  'cmd: the strip keeps a semicolon-free set but the replace has no g flag',
  'exec(',
  code(`
const { exec } = require('child_process');

module.exports = function ping(req, res) {
  const host = req.query.host.replace(/[^\\w.-]/, '');
  exec('ping -c 1 ' + host, (err, out) => res.send(out));
};
`),
);

ci(
  'cmd: the stripped value is a copy, the raw value runs',
  'exec(',
  code(`
const { exec } = require('child_process');

module.exports = function ping(req, res) {
  const host = req.query.host;
  const clean = host.replace(/[^\\w.-]/g, '');
  if (!clean) return res.status(400).end();
  exec('ping -c 1 ' + host, (err, out) => res.send(out));
};
`),
);

// XXE: single features that leave other entity paths open

const dbfWith = (setting: string) =>
  javaXml(`
  public Document read(InputStream body) throws Exception {
    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
    ${setting}
    return dbf.newDocumentBuilder().parse(body);
  }
`);
const made = 'DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();';
xx(
  'xxe: load-external-dtd off alone (entities of the internal subset still load files)',
  made,
  dbfWith(
    'dbf.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);',
  ),
);
xx(
  'xxe: external parameter entities off alone (general entities still resolve)',
  made,
  dbfWith('dbf.setFeature("http://xml.org/sax/features/external-parameter-entities", false);'),
);
xx(
  'xxe: ACCESS_EXTERNAL_SCHEMA emptied alone on a DocumentBuilderFactory',
  made,
  dbfWith('dbf.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");'),
);
xx(
  'xxe: the builder made before the resolver-less configuration parses (SAX)',
  'SAXParserFactory spf = SAXParserFactory.newInstance();',
  javaXml(`
  public void parse(InputStream body, org.xml.sax.helpers.DefaultHandler handler) throws Exception {
    SAXParserFactory spf = SAXParserFactory.newInstance();
    javax.xml.parsers.SAXParser parser = spf.newSAXParser();
    spf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    parser.parse(body, handler);
  }
`),
);
xx(
  'xxe: TransformerFactory with external stylesheets refused, transforming a request document',
  'TransformerFactory factory = TransformerFactory.newInstance();',
  javaXml(`
  public String render(javax.servlet.http.HttpServletRequest req) throws Exception {
    TransformerFactory factory = TransformerFactory.newInstance();
    factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "");
    java.io.StringWriter out = new java.io.StringWriter();
    factory.newTransformer().transform(
        new javax.xml.transform.stream.StreamSource(req.getInputStream()),
        new javax.xml.transform.stream.StreamResult(out));
    return out.toString();
  }
`),
);

// ---------------------------------------------------------------- quoting, allow-lists and containment checks in other shapes

const pingJs = (check: string) =>
  code(`
const { exec } = require('child_process');

module.exports = function ping(req, res) {
  const host = req.query.host;
  if (!${check}.test(host)) return res.status(400).end();
  exec('ping -c 1 ' + host, (err, out) => res.send(out));
};
`);
ci(
  'cmd: an alternation anchored on its first branch only (^a|b$)',
  'exec(',
  pingJs('/^[a-z0-9.-]+|[0-9.]+$/i'),
);
ci(
  'cmd: an anchored class that keeps $ ( ) (command substitution)',
  'exec(',
  pingJs('/^[\\w.$()-]+$/'),
);
ci(
  'cmd: an anchored class that keeps | (a pipe into another program)',
  'exec(',
  pingJs('/^[\\w.|-]+$/'),
);
ci('cmd: an anchored class that keeps & (a second command)', 'exec(', pingJs('/^[\\w.&-]+$/'));

const stripJs = (cls: string) =>
  code(`
const { exec } = require('child_process');

module.exports = function ping(req, res) {
  const host = req.query.host.replace(/${cls}/g, '');
  exec('ping -c 1 ' + host, (err, out) => res.send(out));
};
`);
ci('cmd: a strip that keeps $ ( ) (command substitution)', 'exec(', stripJs('[^\\w.$()-]'));
ci('cmd: a strip that keeps the backtick', 'exec(', stripJs('[^\\w.`-]'));
ci('cmd: a strip that keeps | and &', 'exec(', stripJs('[^\\w.|&-]'));
ci('cmd: a strip that keeps \\s (newline)', 'exec(', stripJs('[^\\w\\s.-]'));

ci(
  'cmd (Python): re.fullmatch on a class with \\s (a newline ends the command)',
  'os.system(',
  code(`
import os
import re
from flask import request, abort


@app.route("/say")
def say():
    text = request.args["text"]
    if not re.fullmatch(r"[\\w\\s.,-]+", text):
        abort(400)
    os.system("espeak " + text)
    return "ok"
`),
  'app/say.py',
);

ci(
  'cmd (Java): Pattern.matches with [A-z] (backtick passes)',
  'Runtime.getRuntime().exec(',
  code(
    `
package org.acme.net;

import java.util.regex.Pattern;
import javax.servlet.http.HttpServletRequest;

public class Ping {
  public Process ping(HttpServletRequest req) throws Exception {
    String host = req.getParameter("host");
    if (!Pattern.matches("[A-z0-9.]+", host)) {
      throw new IllegalArgumentException("bad host");
    }
    return Runtime.getRuntime().exec(new String[] {"sh", "-c", "ping -c 1 " + host});
  }
}
`,
    true,
  ),
  'src/main/java/org/acme/net/Ping.java',
);

ci(
  'cmd (Python): shlex.quote inside sh -c "..." (double quotes around the quoted word)',
  'subprocess.check_output(',
  code(`
import shlex
import subprocess
from flask import request


@app.route("/grep")
def grep():
    q = request.args["q"]
    return subprocess.check_output('sh -c "grep -rn ' + shlex.quote(q) + ' /srv/docs"', shell=True)
`),
  'app/grep.py',
);

ci(
  "cmd: the '\\'' helper wraps the value, then the quoted word is put in a template inside double quotes",
  'execSync(',
  code(`
const { execSync } = require('child_process');

const shellEscape = (s) => "'" + String(s).replace(/'/g, "'\\\\''") + "'";

export function commitAll(message) {
  return execSync(\`bash -lc "git commit -am \${shellEscape(message)}"\`);
}

export function handler(req, res) {
  res.send(commitAll(req.body.message));
}
`),
  'src/git.mjs',
);

ci(
  "cmd: single quotes escaped as \\\\' in a Python helper (no effect inside single quotes)",
  'subprocess.call(',
  code(`
import subprocess
from flask import request


def sh_quote(s):
    return "'" + s.replace("'", "\\\\'") + "'"


@app.route("/say")
def say():
    subprocess.call("espeak " + sh_quote(request.args["text"]), shell=True)
    return "ok"
`),
  'app/say.py',
);

// path: a check on one form of the path, the use of another

pt(
  'path (Python): safe_join falls back to os.path.join when it refuses',
  'send_file(',
  code(`
import os
from flask import request, send_file
from werkzeug.security import safe_join

BASE = "/srv/docs"


@app.route("/doc")
def doc():
    name = request.args["name"]
    path = safe_join(BASE, name) or os.path.join(BASE, name)
    return send_file(path)
`),
  'app/docs.py',
);

pt(
  'path (Python): the check is on os.path.normpath of a join, the open uses pathlib / with an absolute name',
  'open(',
  code(`
import os
from pathlib import Path
from flask import request, abort

BASE = "/srv/docs"


@app.route("/doc")
def doc():
    name = request.args["name"]
    if not os.path.normpath(BASE + "/" + name).startswith(BASE + "/"):
        abort(403)
    with open(Path(BASE) / name) as fh:
        return fh.read()
`),
  'app/docs.py',
);

pt(
  'path: the check is on a string concatenation, the read on path.resolve',
  'fs.readFile(',
  code(`
const fs = require('fs');
const path = require('path');
const ROOT = '/srv/public';

module.exports = function read(req, res) {
  const name = req.query.file;
  if (!path.normalize(ROOT + '/' + name).startsWith(ROOT + '/')) return res.sendStatus(403);
  fs.readFile(path.resolve(ROOT, name), (err, data) => res.send(data));
};
`),
);

pt(
  'path (Go): the check is on filepath.Join, the open on the raw name',
  'os.ReadFile(',
  code(
    `
package files

import (
  "net/http"
  "os"
  "path/filepath"
  "strings"
)

const root = "/srv/static"

func Serve(w http.ResponseWriter, r *http.Request) {
  name := r.URL.Query().Get("name")
  full := filepath.Join(root, name)
  if !strings.HasPrefix(full, root+"/") {
    http.Error(w, "forbidden", http.StatusForbidden)
    return
  }
  data, _ := os.ReadFile(name)
  w.Write(data)
}
`,
    true,
  ),
  'files/serve.go',
);

// XXE: the builder or reader taken before the configuration

xx(
  'xxe: the XMLReader is taken from the parser before the factory is configured',
  'SAXParserFactory spf = SAXParserFactory.newInstance();',
  javaXml(`
  public void parse(InputStream body, org.xml.sax.ContentHandler handler) throws Exception {
    SAXParserFactory spf = SAXParserFactory.newInstance();
    org.xml.sax.XMLReader reader = spf.newSAXParser().getXMLReader();
    spf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    reader.setContentHandler(handler);
    reader.parse(new InputSource(body));
  }
`),
);

xx(
  'xxe: a builder kept in a field, made before the configuration in the constructor',
  'private final DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
  javaXml(`
  private final DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
  private final DocumentBuilder builder;

  public Reader() throws Exception {
    builder = dbf.newDocumentBuilder();
    dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
  }

  public Document read(InputStream body) throws Exception {
    return builder.parse(body);
  }
`),
);

xx(
  'xxe: a Validator from a SchemaFactory with only ACCESS_EXTERNAL_SCHEMA emptied',
  'SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);',
  javaXml(`
  public void check(javax.xml.transform.Source schema, InputStream body) throws Exception {
    SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
    factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    javax.xml.validation.Validator validator = factory.newSchema(schema).newValidator();
    validator.validate(new javax.xml.transform.stream.StreamSource(body));
  }
`),
);

// deserialization: names that read as safe loaders

de(
  'deser: a local class named SafeLoader that extends yaml.Loader',
  'yaml.load(',
  code(`
import yaml
from flask import request


class SafeLoader(yaml.Loader):
    """Loader that keeps key order."""


@app.route("/import", methods=["POST"])
def import_config():
    return yaml.load(request.get_data(), Loader=SafeLoader)
`),
  'app/views.py',
);

de(
  'deser: the upload is saved, then loaded by the gated loader the route opts into',
  'pickle.load(f)',
  code(`
import os
import pickle
import tempfile
from flask import request


def load_local(folder_path, allow_dangerous_deserialization=False):
    if not allow_dangerous_deserialization:
        raise ValueError("pass allow_dangerous_deserialization=True to load pickles")
    with open(os.path.join(folder_path, "index.pkl"), "rb") as f:
        return pickle.load(f)


@app.route("/index/upload", methods=["POST"])
def upload_index():
    folder = tempfile.mkdtemp()
    request.files["index"].save(os.path.join(folder, "index.pkl"))
    store = load_local(folder, allow_dangerous_deserialization=True)
    return {"size": len(store)}
`),
  'app/index.py',
);

pp(
  'pp: a typeof-string guard skips array segments ([["__proto__"], "x"])',
  'cur[last] = value',
  code(`
module.exports = function set(obj, path, value) {
  const keys = Array.isArray(path) ? path.slice() : String(path).split('.')
  const last = keys.pop()
  let cur = obj
  for (const k of keys) {
    if (typeof k === 'string' && (k === '__proto__' || k === 'constructor' || k === 'prototype')) return obj
    if (cur[k] === undefined) cur[k] = {}
    cur = cur[k]
  }
  cur[last] = value
  return obj
}
`),
);

pp(
  'pp: a Set of the three keys is checked with has() on array segments',
  'cur[last] = value',
  code(`
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype'])

module.exports = function set(obj, path, value) {
  const keys = Array.isArray(path) ? path.slice() : path.split('.')
  for (const k of keys) {
    if (UNSAFE.has(k)) throw new Error('unsafe key')
  }
  const last = keys.pop()
  let cur = obj
  for (const k of keys) {
    if (cur[k] === undefined) cur[k] = {}
    cur = cur[k]
  }
  cur[last] = value
  return obj
}
`),
);

// ---------------------------------------------------------------- what an anchored allow-list lets through

ci('cmd: an anchored class that keeps ; (a second command)', 'exec(', pingJs('/^[\\w.;-]+$/'));
ci('cmd: an anchored \\S+ (anything but blanks: ; and $() pass)', 'exec(', pingJs('/^\\S+$/'));
ci('cmd: an anchored negated class that refuses only quotes', 'exec(', pingJs(`/^[^'"]+$/`));

sq(
  'sql: an anchored allow-list that keeps the single quote',
  'db.query(',
  code(`
module.exports = function find(req, res) {
  const name = req.query.name;
  if (!/^[\\w' -]+$/.test(name)) return res.status(400).end();
  db.query("SELECT * FROM users WHERE name = '" + name + "'", (err, rows) => res.json(rows));
};
`),
);

sq(
  'sql (Python): re.fullmatch with a class that keeps the quote and blanks',
  'cursor.execute(',
  code(`
import re
from flask import request, abort


@app.route("/users")
def users():
    name = request.args["name"]
    if not re.fullmatch(r"[\\w' -]+", name):
        abort(400)
    cursor.execute("SELECT * FROM users WHERE name = '%s'" % name)
    return {"rows": cursor.fetchall()}
`),
  'app/users.py',
);

pt(
  'path (Python): pathlib / joins the request name under a constant base (no check at all)',
  'send_file(',
  code(`
from pathlib import Path
from flask import request, send_file

BASE = "/srv/docs"


@app.route("/doc")
def doc():
    name = request.args["name"]
    return send_file(Path(BASE) / name)
`),
  'app/docs.py',
);

// ---------------------------------------------------------------- patterns that only look anchored or restrictive

ci('cmd: an anchored length check (.{1,64}) lets anything through', 'exec(', pingJs('/^.{1,64}$/'));
ci('cmd: an anchored [\\s\\S]+ lets anything through', 'exec(', pingJs('/^[\\s\\S]+$/'));
ci('cmd: an anchored \\D+ (no digits) lets ; and $() through', 'exec(', pingJs('/^\\D+$/'));
ci('cmd: an anchored group (.)+ lets anything through', 'exec(', pingJs('/^(.)+$/'));

ci(
  'cmd (Python): a module pattern compiled with re.M, checked with match()',
  'os.system(',
  code(`
import os
import re
from flask import request, abort

HOST = re.compile(r"^[A-Za-z0-9.-]+$", re.M)


@app.route("/ping")
def ping():
    host = request.args["host"]
    if not HOST.match(host):
        abort(400)
    os.system("ping -c 1 " + host)
    return "ok"
`),
  'app/ping.py',
);

ci(
  'cmd (Python): re.match with an anchored pattern and flags=re.MULTILINE',
  'os.system(',
  code(`
import os
import re
from flask import request, abort


@app.route("/ping")
def ping():
    host = request.args["host"]
    if not re.match(r"^[A-Za-z0-9.-]+$", host, flags=re.MULTILINE):
        abort(400)
    os.system("ping -c 1 " + host)
    return "ok"
`),
  'app/ping.py',
);

pp(
  'pp: === against the three keys misses a segment given as an array',
  'cur[last] = value',
  code(`
module.exports = function set(obj, path, value) {
  const keys = Array.isArray(path) ? path.slice() : path.split('.')
  const last = keys.pop()
  if (last === '__proto__' || last === 'constructor' || last === 'prototype') return obj
  let cur = obj
  for (const k of keys) {
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') return obj
    if (cur[k] === undefined) cur[k] = {}
    cur = cur[k]
  }
  cur[last] = value
  return obj
}
`),
);

pp(
  'pp: a filter of the three keys misses segments given as arrays',
  '\t\tcurrent[key] = val;',
  code(
    `
'use strict';

function isValidKey(key) {
  return key !== '__proto__' && key !== 'constructor' && key !== 'prototype';
}

module.exports = function(obj, prop, val) {
  var keys = (Array.isArray(prop) ? prop : prop.split('.')).filter(isValidKey);
  var len = keys.length;
  var idx = -1;
  var current = obj;

  while (++idx < len) {
    var key = keys[idx];
    if (idx !== len - 1) {
      if (current[key] === undefined) {
        current[key] = {};
      }
      current = current[key];
      continue;
    }
    current[key] = val;
  }
  return obj;
};
`,
    true,
  ),
);

// ---------------------------------------------------------------- prototype-less roots, own-property tests

pp(
  'pp: a prototype-less root whose nested objects are plain {}',
  'out[a][b][c] = value',
  code(`
export function expand(entries) {
  const out = Object.create(null)
  for (const [path, value] of Object.entries(entries)) {
    const [a, b, c] = path.split('.')
    out[a] = out[a] || {}
    out[a][b] = out[a][b] || {}
    out[a][b][c] = value
  }
  return out
}
`),
  'src/expand.mjs',
);

pp(
  'pp: a prototype-less root, a recursive merge into plain {} below it',
  'target[key] = source[key]',
  code(`
function merge(target, source) {
  for (const key of Object.keys(source)) {
    if (source[key] && typeof source[key] === 'object') {
      if (!target[key]) target[key] = {}
      merge(target[key], source[key])
    } else {
      target[key] = source[key]
    }
  }
  return target
}

module.exports = function fromJSON(text) {
  return merge(Object.create(null), JSON.parse(text))
}
`),
);

pp(
  'pp: the key is refused only when target[key] is a function (__proto__ is an object)',
  'target[key] = source[key]',
  code(
    `
function merge(target, source) {
  for (var key in source) {
    if (typeof target[key] === 'function') continue;
    if (source[key] !== null && typeof source[key] === 'object') {
      target[key] = merge(target[key] || {}, source[key]);
    } else {
      target[key] = source[key];
    }
  }
  return target;
}
module.exports = merge;
`,
    true,
  ),
);

pp(
  'pp: {}.hasOwnProperty(key) is never true for the three keys',
  'target[key] = source[key]',
  code(
    `
function merge(target, source) {
  for (var key in source) {
    if ({}.hasOwnProperty(key)) continue;
    if (source[key] !== null && typeof source[key] === 'object') {
      target[key] = merge(target[key] || {}, source[key]);
    } else {
      target[key] = source[key];
    }
  }
  return target;
}
module.exports = merge;
`,
    true,
  ),
);

// ---------------------------------------------------------------- safe loader options read from the text of the call

de(
  'deser: a comment inside the torch.load call mentions weights_only=True',
  'torch.load(',
  code(`
import torch
from flask import request


@app.route("/checkpoints", methods=["POST"])
def upload_checkpoint():
    state = torch.load(
        request.files["ckpt"],
        map_location="cpu",
        # TODO: pass weights_only=True once we require torch>=2.4
    )
    return {"keys": list(state)}
`),
  'app/checkpoints.py',
);

de(
  'deser: weights_only=True only when a request flag asks for it (conditional expression)',
  'torch.load(',
  code(`
import torch
from flask import request


@app.route("/checkpoints", methods=["POST"])
def upload_checkpoint():
    strict = request.args.get("strict") == "1"
    state = torch.load(request.files["ckpt"], weights_only=True if strict else False)
    return {"keys": list(state)}
`),
  'app/checkpoints.py',
);

de(
  'deser: Loader=yaml.SafeLoader if a request flag says so, else yaml.UnsafeLoader',
  'yaml.load(',
  code(`
import yaml
from flask import request


@app.route("/import", methods=["POST"])
def import_config():
    safe = request.args.get("safe") == "1"
    return yaml.load(request.get_data(), Loader=yaml.SafeLoader if safe else yaml.UnsafeLoader)
`),
  'app/views.py',
);

de(
  'deser: allow_pickle=False only in strict mode (default off)',
  'np.load(',
  code(`
import numpy as np
from flask import request


@app.route("/arrays", methods=["POST"])
def upload_array():
    strict = request.args.get("strict") == "1"
    arr = np.load(request.files["a"], allow_pickle=False if strict else True)
    return {"shape": list(arr.shape)}
`),
  'app/arrays.py',
);

ci(
  'cmd: execFile of /usr/bin/env (by path) with the command after "--"',
  'execFile(',
  code(`
const { execFile } = require('child_process');

module.exports = function run(req, res) {
  execFile('/usr/bin/env', ['--', req.body.tool, req.body.arg], (err, out) => res.send(out));
};
`),
);

pp(
  'pp: the same-file key check is off unless a second argument turns it on',
  'target[key] = source[key]',
  code(`
function isUnsafeKey(key, strict = false) {
  if (!strict) return false
  return key === '__proto__' || key === 'constructor' || key === 'prototype'
}

function merge(target, source) {
  for (const key of Object.keys(source)) {
    if (isUnsafeKey(key)) continue
    if (source[key] && typeof source[key] === 'object') {
      target[key] = merge(target[key] || {}, source[key])
    } else {
      target[key] = source[key]
    }
  }
  return target
}
module.exports = merge
`),
);

// ---------------------------------------------------------------- file APIs given a root

pt(
  "path: res.sendFile with root '/' and a joined name",
  'res.sendFile(',
  code(`
const path = require('path');
const ROOT = path.join(__dirname, 'public');

module.exports = function download(req, res) {
  res.sendFile(path.join(ROOT, req.query.file), { root: '/' });
};
`),
);

pt(
  'path: res.sendFile whose root is built from the requested name',
  'res.sendFile(',
  code(`
const path = require('path');
const ROOT = path.join(__dirname, 'public');

module.exports = function download(req, res) {
  const name = req.query.file;
  res.sendFile(path.basename(name), { root: path.join(ROOT, path.dirname(name)) });
};
`),
);

pt(
  'path (Go): http.ServeFile checks r.URL.Path for "..", not the query name joined',
  'http.ServeFile(',
  code(
    `
package files

import (
  "net/http"
  "path/filepath"
)

const root = "/srv/static"

func Download(w http.ResponseWriter, r *http.Request) {
  name := r.URL.Query().Get("f")
  http.ServeFile(w, r, filepath.Join(root, name))
}
`,
    true,
  ),
  'files/download.go',
);

// ---------------------------------------------------------------- the tests

/**
 * Readings still unsound (found by this review, not fixed): each runs as `it.fails`, so fixing
 * one makes its test fail until it moves to its class's describe. Why each is left:
 * - prototype pollution through a path segment given as an array (`[['__proto__'], 'x']` passes
 *   every strict comparison, then indexes `__proto__`): the fixes of the advisories compare
 *   segments strictly as these do; reading them unsound would undo every such guard;
 * - a containment check on one expression, the file opened through another (`path.join`
 *   checked, `path.resolve` or the raw name opened): the check marks the name it was built from;
 * - shell quoting put inside a double-quoted `sh -c "…"` or remote command: a quoted value is
 *   clean wherever it goes next;
 * - SAX with only external general entities off: parameter entities and the external DTD still
 *   load (out-of-band reads), but the advisories' fixes often stop there;
 * - a gate a caller of the same file opens on uploaded data; a sendFile root made of the name.
 */
const KNOWN_UNSOUND = new Set<string>([
  'pp: includes() on a blocklist misses a segment given as an array ([["__proto__"], "x"])',
  'pp: a Set of the three keys is checked with has() on array segments',
  'pp: === against the three keys misses a segment given as an array',
  'pp: a filter of the three keys misses segments given as arrays',
  'path: the name is normalised but the check is on the un-normalised join of another base',
  'path: the check is on path.join (absolute stays under the root), the read on path.resolve',
  'path: resolved path checked with startsWith, then the raw name is opened relative to the cwd',
  'path (Python): the check is on os.path.normpath of a join, the open uses pathlib / with an absolute name',
  'path: the check is on a string concatenation, the read on path.resolve',
  'path (Go): the check is on filepath.Join, the open on the raw name',
  'path: res.sendFile whose root is built from the requested name',
  'cmd: a correct single-quote helper, its result put inside double quotes',
  'cmd (Python): shlex.quote inside a double-quoted remote command (the local shell expands $())',
  'cmd (Python): shlex.quote inside sh -c "..." (double quotes around the quoted word)',
  "cmd: the '\\'' helper wraps the value, then the quoted word is put in a template inside double quotes",
  'deser: the upload is saved, then loaded by the gated loader the route opts into',
]);

const groups: [string, string][] = [
  ['prototype pollution: near misses of key guards', 'prototype-pollution'],
  ['deserialization: near misses of safe loaders and opt-in gates', 'deserialization'],
  ['path traversal: near misses of containment checks', 'path-traversal'],
  ['command injection: near misses of quoting, allow-lists and "--"', 'command-injection'],
  ['XXE: near misses of parser configuration', 'xxe'],
  ['SQL injection: near misses of allow-lists and escaping', 'sql-injection'],
];

for (const [title, cls] of groups) {
  describe(title, () => {
    for (const c of cases.filter((x) => x.cls === cls && !KNOWN_UNSOUND.has(x.name)))
      it(c.name, () => reached(c));
  });
}

// Safe counterparts the engine means to accept (they must stay 'no-source' whatever the fix).
describe('safe counterparts that stay no-source', () => {
  const safe = (cls: string, lines: string[], marker: string, uri: string) =>
    expect(flowAt(cls, lines, marker, uri).outcome).toBe('no-source');

  it('an anchored allow-list of word characters, dots and dashes before a shell command', () =>
    safe('command-injection', pingJs('/^[\\w.-]+$/'), 'exec(', 'lib/run.js'));

  it("a value single-quoted with each quote made '\\'' as its own shell word", () =>
    safe(
      'command-injection',
      code(`
const { exec } = require('child_process');

function escapeShellArg(arg) {
  return "'" + arg.replace(/'/g, "'\\\\''") + "'";
}

module.exports = function log(branch, cb) {
  exec('git log --oneline ' + escapeShellArg(branch), cb);
};
`),
      'exec(',
      'index.js',
    ));

  it('a resolved path checked against the root and separator with an early return', () =>
    safe(
      'path-traversal',
      code(`
const fs = require('fs');
const path = require('path');
const ROOT = path.join(__dirname, 'public');

module.exports = function read(req, res) {
  const file = path.resolve(ROOT, req.query.file);
  if (!file.startsWith(ROOT + path.sep)) return res.sendStatus(403);
  fs.createReadStream(file).pipe(res);
};
`),
      'fs.createReadStream(',
      'lib/static.js',
    ));

  it('a recursive merge that skips __proto__, constructor and prototype', () =>
    safe(
      'prototype-pollution',
      code(`
function merge(target, source) {
  for (const key of Object.keys(source)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue
    if (source[key] && typeof source[key] === 'object') {
      target[key] = merge(target[key] || {}, source[key])
    } else {
      target[key] = source[key]
    }
  }
  return target
}
module.exports = merge
`),
      'target[key] = source[key]',
      'lib/index.js',
    ));

  it('a DocumentBuilderFactory that refuses DOCTYPE declarations before its builder is made', () =>
    safe(
      'xxe',
      dbfWith('dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);'),
      made,
      'src/main/java/org/acme/xml/Reader.java',
    ));
});

describe('known unsound readings (limits: these still read as safe)', () => {
  for (const c of cases.filter((x) => KNOWN_UNSOUND.has(x.name)))
    it.fails(c.name, () => reached(c));
});

it('every known unsound reading names a case', () => {
  const names = new Set(cases.map((c) => c.name));
  expect([...KNOWN_UNSOUND].filter((n) => !names.has(n))).toEqual([]);
});

it('every case name is unique', () => {
  expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
});
