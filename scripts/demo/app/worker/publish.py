"""Publishes exported notes to the partner feed."""
import requests


def publish(url, note):
    response = requests.post(url, json=note)
    response.raise_for_status()
    return response.status_code
