import os

from catalog.api.views import app


def serve():
    app.run(host="0.0.0.0", port=int(os.environ.get("PORT", "8080")))


if __name__ == "__main__":
    app.run(debug=True)
