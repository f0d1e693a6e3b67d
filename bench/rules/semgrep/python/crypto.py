import hashlib
import random
import secrets
import tempfile
from hashlib import md5, sha1
from random import choice, randint
from cryptography.hazmat.primitives import hashes
from Crypto.Hash import MD5, SHA256

ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"


def reset_token():
    # ruleid: python_random_rule-random
    return "".join(random.choice(ALPHABET) for _ in range(32))


def one_time_code():
    # ruleid: python_random_rule-random
    return "%06d" % randint(0, 999999)


def api_key():
    # ruleid: python_random_rule-random
    return "%032x" % random.getrandbits(128)


def session_id():
    # ok: python_random_rule-random
    a = secrets.token_urlsafe(32)
    # ok: python_random_rule-random
    b = random.SystemRandom().choice(ALPHABET)
    # ok: python_random_rule-random
    random.seed(4)
    return a + b


def fingerprint(data: bytes):
    # ruleid: python.lang.security.insecure-hash-algorithms-md5.insecure-hash-algorithm-md5
    a = hashlib.md5(data).hexdigest()
    # ruleid: python.lang.security.insecure-hash-algorithms-md5.insecure-hash-algorithm-md5
    b = md5(data).hexdigest()
    # ok: python.lang.security.insecure-hash-algorithms-md5.insecure-hash-algorithm-md5
    c = hashlib.md5(data, usedforsecurity=False).hexdigest()
    # ok: python.lang.security.insecure-hash-algorithms-md5.insecure-hash-algorithm-md5
    d = hashlib.sha256(data).hexdigest()
    return a, b, c, d


def signature(secret: bytes, body: bytes):
    # ruleid: python.lang.security.insecure-hash-algorithms.insecure-hash-algorithm-sha1
    a = hashlib.sha1(secret + body).hexdigest()
    # ruleid: python.lang.security.insecure-hash-algorithms.insecure-hash-algorithm-sha1
    b = sha1(body).digest()
    # ok: python.lang.security.insecure-hash-algorithms.insecure-hash-algorithm-sha1
    c = sha1(body, usedforsecurity=False).digest()
    # ok: python.lang.security.insecure-hash-algorithms.insecure-hash-algorithm-sha1
    d = hashlib.sha3_256(body).digest()
    return a, b, c, d


def by_name(body: bytes):
    # ruleid: python_crypto_rule-hashlib-new-insecure-functions
    a = hashlib.new("md5", body)
    # ruleid: python_crypto_rule-hashlib-new-insecure-functions
    b = hashlib.new(name="SHA1")
    # ok: python_crypto_rule-hashlib-new-insecure-functions
    c = hashlib.new("sha256", body)
    # ok: python_crypto_rule-hashlib-new-insecure-functions
    d = hashlib.new("md5", body, usedforsecurity=False)
    return a, b, c, d


def other_libraries(body: bytes):
    # ruleid: python.lang.security.insecure-hash-algorithms.insecure-hash-algorithm-md5
    a = hashes.Hash(hashes.MD5())
    # ok: python.lang.security.insecure-hash-algorithms.insecure-hash-algorithm-md5
    b = hashes.Hash(hashes.SHA256())
    # ruleid: python_crypto_rule-hash-md5
    c = MD5.new(body)
    # ok: python_crypto_rule-hash-md5
    d = SHA256.new(body)
    # ruleid: python.lang.security.insecure-hash-algorithms.insecure-hash-algorithm-md5
    e = hashes.MD5()
    # ok: python.lang.security.insecure-hash-algorithms.insecure-hash-algorithm-md5
    f = hashes.SHA512()
    # ruleid: python_crypto_rule-hash-md5
    g = MD5.new()
    # ok: python_crypto_rule-hash-md5
    h = SHA256.new()
    return a, b, c, d, e, f, g, h


def scratch():
    # ruleid: python_tmpdir_rule-mktemp-q
    path = tempfile.mktemp(suffix=".csv")
    # ruleid: python_tmpdir_rule-mktemp-q
    other = tempfile.mktemp()
    # ok: python_tmpdir_rule-mktemp-q
    fd, safe = tempfile.mkstemp(suffix=".csv")
    # ok: python_tmpdir_rule-mktemp-q
    with tempfile.NamedTemporaryFile() as fh:
        fh.write(b"x")
    return path, other, fd, safe
