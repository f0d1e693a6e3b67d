"""A tiny in-process cache for rendered pages."""
import hashlib
import json

_pages = {}


def cache_key(*parts):
    return "shelf:" + hashlib.md5(json.dumps(parts).encode()).hexdigest()


def cached(render, *parts):
    key = cache_key(*parts)
    if key not in _pages:
        _pages[key] = render(*parts)
    return _pages[key]
