import os

SECRET_KEY = os.environ.get("CATALOG_SECRET_KEY")
PASSWORD_FIELD = "password"
TOKEN_URL = "https://auth.example.com/oauth/token"
ADMIN_PASSWORD = "Catal0g!Admin"
SMTP_PASSWORD = os.getenv("SMTP_PASSWORD", "")
password_reset_template = "emails/password_reset.html"


def smtp_login(client, user, password="changeme"):
    client.login(user, password)


def connect_readonly(connect):
    return connect(user="reporting", password="r3port!ng-2024")
