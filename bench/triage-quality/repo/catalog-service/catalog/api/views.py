import html
import os

import requests
from flask import Flask, redirect, request, send_file
from markupsafe import escape
from werkzeug.utils import secure_filename

app = Flask(__name__)
MEDIA_ROOT = "/srv/catalog/media"
PARTNER_HOSTS = {"feeds.partner-one.example", "feeds.partner-two.example"}


@app.route("/hello")
def hello():
    name = request.args.get("name", "")
    return f"<h1>Hello {name}</h1>"


@app.route("/welcome")
def welcome():
    name = html.escape(request.args.get("name", ""))
    return f"<h1>Welcome {name}</h1>"


@app.route("/badge")
def badge():
    return "<span class='badge'>" + escape(request.args.get("label", "")) + "</span>"


@app.route("/media")
def media():
    return send_file(os.path.join(MEDIA_ROOT, request.args["file"]))


@app.route("/thumbnail")
def thumbnail():
    filename = secure_filename(request.args["file"])
    return send_file(os.path.join(MEDIA_ROOT, "thumbs", filename))


@app.route("/attachment")
def attachment():
    name = os.path.basename(request.args["name"])
    return send_file(os.path.join(MEDIA_ROOT, "attachments", name))


@app.route("/import")
def import_feed():
    url = request.args["url"]
    return requests.get(url, timeout=10).text


@app.route("/partner-feed")
def partner_feed():
    url = request.args["url"]
    host = requests.utils.urlparse(url).netloc
    if host not in PARTNER_HOSTS:
        return "unknown partner", 400
    return requests.get(url, timeout=10).text


@app.route("/go")
def go():
    return redirect(request.args.get("next", "/"))


@app.route("/count")
def count():
    n = int(request.args.get("n", "0"))
    return "<p>%d items</p>" % n
