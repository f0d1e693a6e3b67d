"""Accounts: API tokens, login codes, reset links and passwords."""
import hashlib
import os
import random
import string

from . import config

TOKEN_ALPHABET = string.ascii_letters + string.digits


def issue_api_token():
    return "".join(random.choice(TOKEN_ALPHABET) for _ in range(32))


def send_login_code(user, send_sms):
    code = random.randint(100000, 999999)
    user["login_code"] = str(code)
    send_sms(user["phone"], f"Your Shelf code is {code}")
    return code


def new_password_reset_token():
    return "%032x" % random.getrandbits(128)


def temporary_password(length=14):
    return "".join(random.choices(TOKEN_ALPHABET, k=length))


def hash_password(password, salt):
    return hashlib.sha1((salt + password).encode()).hexdigest()


def unsubscribe_signature(email):
    return hashlib.md5(f"{email}:{config.SECRET_KEY}".encode()).hexdigest()


def verify_unsubscribe(email, signature):
    return unsubscribe_signature(email) == signature


def new_session_token():
    return hashlib.new("md5", os.urandom(32)).hexdigest()
