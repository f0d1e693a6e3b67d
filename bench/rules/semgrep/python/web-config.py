import os
import httpx
import requests
from flask import Flask
from requests import Session

app = Flask(__name__)
# ruleid: python.flask.security.audit.debug-enabled.debug-enabled
app.debug = True
# ruleid: python.flask.security.audit.debug-enabled.debug-enabled
app.config["DEBUG"] = True
# ok: python.flask.security.audit.debug-enabled.debug-enabled
app.config["DEBUG"] = os.environ.get("FLASK_DEBUG") == "1"


def fetch(url, token):
    # ruleid: python.requests.security.disabled-cert-validation.disabled-cert-validation
    r = requests.get(url, headers={"Authorization": token}, verify=False, timeout=5)
    session = Session()
    # ruleid: python.requests.security.disabled-cert-validation.disabled-cert-validation
    session.verify = False
    # ruleid: python.requests.security.disabled-cert-validation.disabled-cert-validation
    s = session.post(url, json={}, verify=False, timeout=5)
    # ok: python.requests.security.disabled-cert-validation.disabled-cert-validation
    t = requests.get(url, verify="/etc/ssl/corp-ca.pem", timeout=5)
    # ok: python.requests.security.disabled-cert-validation.disabled-cert-validation
    u = requests.get(url, verify=os.environ.get("CA_BUNDLE", True), timeout=5)
    return r, s, t, u


async def fetch_async(url):
    # ruleid: python_ssl_rule-req-no-certvalid
    async with httpx.AsyncClient(verify=False) as client:
        await client.get(url)
    # ruleid: python_ssl_rule-req-no-certvalid
    a = httpx.get(url, verify=False)
    # ok: python_ssl_rule-req-no-certvalid
    b = httpx.get(url)
    # ok: python_ssl_rule-req-no-certvalid
    with httpx.Client(verify="/etc/ssl/ca.pem") as client:
        client.get(url)
    return a, b


def without_timeouts(url, payload, **kwargs):
    # ruleid: python.requests.best-practice.use-timeout.use-timeout
    requests.post(url, json=payload)
    # ruleid: python.requests.best-practice.use-timeout.use-timeout
    requests.request("GET", url)
    # ok: python.requests.best-practice.use-timeout.use-timeout
    requests.get(url, timeout=(3.05, 27))
    # ok: python.requests.best-practice.use-timeout.use-timeout
    requests.get(url, **kwargs)
    # ok: python.requests.best-practice.use-timeout.use-timeout
    requests.utils.quote(url)


if __name__ == "__main__":
    # ruleid: python.flask.security.audit.debug-enabled.debug-enabled
    app.run(host="0.0.0.0", port=5000, debug=True)
    # ok: python.flask.security.audit.debug-enabled.debug-enabled
    app.run(host="127.0.0.1")
