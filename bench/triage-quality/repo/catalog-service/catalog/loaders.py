import pickle

import requests
import yaml
from flask import request

DEFAULTS_PATH = "/etc/catalog/defaults.yaml"


def load_import_manifest():
    return yaml.load(request.files["manifest"].read())


def load_defaults():
    with open(DEFAULTS_PATH) as fh:
        return yaml.load(fh, Loader=yaml.SafeLoader)


def restore_session():
    return pickle.loads(request.cookies["cart"].encode("latin-1"))


def fetch_status(url):
    return requests.get(url, verify=False, timeout=5).json()


def local_health():
    return requests.get("https://localhost:8443/health", verify=False, timeout=2).status_code
