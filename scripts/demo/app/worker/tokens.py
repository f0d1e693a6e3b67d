"""Password-reset tokens mailed to users."""
import random
import string

ALPHABET = string.ascii_letters + string.digits


def reset_token(length=24):
    return "".join(random.choice(ALPHABET) for _ in range(length))
