"""Loads inventory manifests uploaded by warehouse operators and archives them."""

import hashlib
import subprocess

import yaml


def load_manifest(stream):
    # Manifests come from operators' uploads: untrusted YAML.
    return yaml.load(stream, Loader=yaml.Loader)


def manifest_digest(body):
    return hashlib.md5(body).hexdigest()


def archive(manifest_name):
    return subprocess.call("tar czf /var/archive/" + manifest_name + ".tgz " + manifest_name, shell=True)
