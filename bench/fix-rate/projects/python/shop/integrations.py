"""Calls to partner services."""
import random
import time

import requests

from . import config

RATES_URL = "https://rates.partner.example/v1/latest"


def fetch_exchange_rates(base="EUR"):
    response = requests.get(RATES_URL, params={"base": base}, verify=False)
    response.raise_for_status()
    return response.json()["rates"]


def notify_warehouse(order):
    response = requests.post(
        config.WAREHOUSE_URL,
        json={"order": order["id"], "items": order["items"]},
        verify=False,
        timeout=5,
    )
    return response.status_code == 202


def fetch_publisher_feed(url):
    return requests.get(url, verify=config.CA_BUNDLE, timeout=10).content


def with_retries(call, attempts=4):
    for attempt in range(attempts):
        try:
            return call()
        except requests.ConnectionError:
            time.sleep(2**attempt * random.uniform(0.5, 1.5))
    raise RuntimeError("partner unreachable")
