"""Shipping rules, maintained by the operations team as YAML."""
import yaml


def load_shipping_rules(path):
    with open(path) as fh:
        rules = yaml.load(fh, Loader=yaml.Loader)
    return {rule["country"]: rule["price"] for rule in rules}
