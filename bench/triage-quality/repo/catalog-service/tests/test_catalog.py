import hashlib
import random
import subprocess

from catalog import db, hashing


def test_hash_password_is_hex():
    digest = hashing.hash_password("secret")
    assert len(digest) == 32


def test_checksum_of_fixture():
    assert hashlib.md5(b"fixture").hexdigest() == "c6f3ac57944a531490e4c13e4e8d8c78"


def test_random_products(tmp_path):
    names = ["p%d" % random.randint(0, 1000) for _ in range(10)]
    assert len(names) == 10


def test_cli_runs():
    subprocess.run("python -m catalog.main --help", shell=True, check=False)


def test_query(monkeypatch):
    password = "test-password"
    assert db.list_products() is not None
    assert password
