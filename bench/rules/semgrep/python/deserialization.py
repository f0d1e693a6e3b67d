import json
import pickle
import marshal
import yaml
from yaml import load, Loader, SafeLoader
import dill
import pandas as pd
import shelve
import cPickle


def read_config(path):
    with open(path) as fh:
        # ruleid: python.lang.security.deserialization.avoid-pyyaml-load.avoid-pyyaml-load
        return yaml.load(fh)


def read_config_loader(text):
    # ruleid: python.lang.security.deserialization.avoid-pyyaml-load.avoid-pyyaml-load
    return load(text, Loader=Loader)


def read_many(text):
    # ruleid: python.lang.security.deserialization.avoid-pyyaml-load.avoid-pyyaml-load
    return list(yaml.load_all(text, Loader=yaml.FullLoader))


def read_safe(text):
    # ok: python.lang.security.deserialization.avoid-pyyaml-load.avoid-pyyaml-load
    a = yaml.load(text, Loader=yaml.SafeLoader)
    # ok: python.lang.security.deserialization.avoid-pyyaml-load.avoid-pyyaml-load
    b = load(text, Loader=SafeLoader)
    # ok: python_deserialization_rule-yaml-load
    c = yaml.safe_load(text)
    return a, b, c


def read_unsafe(text):
    # ruleid: python_deserialization_rule-yaml-load
    a = yaml.unsafe_load(text)
    # ruleid: python_deserialization_rule-yaml-load
    b = yaml.full_load(text)
    # ok: python_deserialization_rule-yaml-load
    c = yaml.safe_load_all(text)
    return a, b, c


def restore_session(request):
    # ruleid: python.lang.security.deserialization.pickle.avoid-pickle
    return pickle.loads(request.cookies["session"])


def restore_cache(path):
    with open(path, "rb") as fh:
        # ruleid: python.lang.security.deserialization.pickle.avoid-pickle
        return pickle.load(fh)


def save_cache(path, value):
    with open(path, "wb") as fh:
        # ok: python.lang.security.deserialization.pickle.avoid-pickle
        pickle.dump(value, fh)
    # ok: python.lang.security.deserialization.pickle.avoid-pickle
    return pickle.dumps(value)


def restore_other(blob, path):
    # ruleid: python_deserialization_rule-pickle, python.lang.security.deserialization.pickle.avoid-dill
    obj = dill.loads(blob)
    # ruleid: python_deserialization_rule-pickle
    frame = pd.read_pickle(path)
    # ok: python_deserialization_rule-pickle
    frame.to_pickle(path)
    # ok: python_deserialization_rule-pickle, python.lang.security.deserialization.pickle.avoid-dill
    text = dill.dumps(obj)
    return text


def restore_legacy(blob, path):
    # ruleid: python.lang.security.deserialization.pickle.avoid-cPickle
    first = cPickle.loads(blob)
    with open(path, "rb") as fh:
        # ruleid: python.lang.security.deserialization.pickle.avoid-cPickle
        second = cPickle.load(fh)
    # ok: python.lang.security.deserialization.pickle.avoid-cPickle
    return cPickle.dumps([first, second])


def read_code(blob, path):
    # ruleid: python.lang.security.audit.marshal.marshal-usage
    a = marshal.loads(blob)
    # ok: python.lang.security.audit.marshal.marshal-usage
    out = marshal.dumps(a)
    with open(path, "rb") as fh:
        # ruleid: python_deserialization_rule-marshal
        b = marshal.load(fh)
    with open(path, "wb") as fh:
        # ok: python_deserialization_rule-marshal
        marshal.dump(b, fh)
    return out


def unrelated(loader):
    with open("/var/cache/app/codes.bin", "rb") as fh:
        # ruleid: python_deserialization_rule-marshal
        codes = marshal.load(fh)
    # ruleid: python.lang.security.audit.marshal.marshal-usage
    table = marshal.loads(loader.read())
    # ok: python.lang.security.audit.marshal.marshal-usage, python_deserialization_rule-marshal
    size = marshal.version
    # ok: python.lang.security.audit.marshal.marshal-usage, python_deserialization_rule-marshal
    blob = json.dumps(table)
    # ok: python.lang.security.deserialization.pickle.avoid-pickle
    return loader.load()
