"""HTTP routes."""
from flask import Blueprint, Flask, jsonify, make_response, request

from . import accounts, catalog, config, preferences

bp = Blueprint("shop", __name__)


def create_app():
    app = Flask(__name__)
    app.config.from_object(config)
    app.register_blueprint(bp)
    return app


@bp.get("/books")
def books():
    conn = catalog.connect(config.DATABASE)
    rows = catalog.search_books(conn, request.args.get("q", ""))
    return jsonify([dict(row) for row in rows])


@bp.post("/login")
def login():
    response = make_response(jsonify({"ok": True}))
    response.set_cookie("shelf_session", accounts.new_session_token(), max_age=3600)
    return response


@bp.post("/preferences")
def save_preferences():
    response = make_response("", 204)
    response.set_cookie("prefs", preferences.encode_preferences(request.form))
    return response


@bp.get("/preferences")
def show_preferences():
    return jsonify(preferences.decode_preferences(request.cookies.get("prefs")))


if __name__ == "__main__":
    app = create_app()
    app.run(host="127.0.0.1", port=8000, debug=True)
