"""Configuration of the Shelf web application (loaded by create_app)."""
import os

SECRET_KEY = os.environ.get("SHELF_SECRET_KEY", "")
JWT_SECRET = os.environ.get("SHELF_JWT_SECRET", "")

DATABASE = os.environ.get("SHELF_DATABASE", "shelf.db")
WAREHOUSE_URL = os.environ.get("SHELF_WAREHOUSE_URL", "https://warehouse.partner.example/orders")
CA_BUNDLE = os.environ.get("SHELF_CA_BUNDLE", "/etc/ssl/certs/ca-certificates.crt")

SESSION_COOKIE_HTTPONLY = True
PERMANENT_SESSION_LIFETIME = 3600
