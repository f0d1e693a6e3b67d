"""Reader preferences, kept in a cookie."""
import base64
import pickle

DEFAULTS = {"theme": "light", "page_size": 20}


def decode_preferences(cookie):
    if not cookie:
        return dict(DEFAULTS)
    try:
        return pickle.loads(base64.b64decode(cookie))
    except Exception:
        return dict(DEFAULTS)


def encode_preferences(form):
    prefs = {"theme": str(form.get("theme", "light")), "page_size": int(form.get("page_size", 20))}
    return base64.b64encode(pickle.dumps(prefs)).decode()
