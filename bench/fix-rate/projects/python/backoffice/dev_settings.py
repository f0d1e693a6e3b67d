"""Settings for running the back office on a laptop."""
from .settings import *  # noqa: F401,F403

DEBUG = True
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
ALLOWED_HOSTS = ["localhost", "127.0.0.1"]
