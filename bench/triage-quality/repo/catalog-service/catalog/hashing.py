import hashlib
import random
import string


def hash_password(password):
    return hashlib.md5(password.encode()).hexdigest()


def content_etag(body):
    etag = hashlib.md5(body, usedforsecurity=False).hexdigest()
    return etag


def cache_key(url):
    return "page:" + hashlib.sha1(url.encode()).hexdigest()


def file_checksum(path):
    checksum = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            checksum.update(chunk)
    return checksum.hexdigest()


def api_signature(secret, payload):
    signature = hashlib.sha1((secret + payload).encode()).hexdigest()
    return signature


def reset_token():
    return "".join(random.choice(string.ascii_letters + string.digits) for _ in range(32))


def retry_delay(attempt):
    return min(30, 2 ** attempt) + random.uniform(0, 1)


def shuffled(items):
    copy = list(items)
    random.shuffle(copy)
    return copy


def one_time_pin():
    pin = random.randint(100000, 999999)
    return str(pin)


def sample_for_metrics():
    return random.random() < 0.05


def shard_for(customer_id):
    return int(hashlib.md5(customer_id.encode()).hexdigest(), 16) % 16
