"""Worker settings, read from a YAML file the operator writes."""
import yaml

DEFAULTS = {"export_dir": "exports", "publish_url": "https://feeds.partner.example/notes"}


def load_settings(path):
    with open(path, encoding="utf-8") as handle:
        data = yaml.load(handle.read())
    return {**DEFAULTS, **(data or {})}
