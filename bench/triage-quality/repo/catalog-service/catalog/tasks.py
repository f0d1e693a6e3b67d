import os
import shlex
import subprocess

from flask import request

EXPORT_DIR = "/srv/catalog/exports"


def convert_upload():
    name = request.form["name"]
    subprocess.call("convert /tmp/uploads/" + name + " /tmp/out.png", shell=True)


def archive_upload():
    name = shlex.quote(request.form["name"])
    subprocess.run("tar -czf /tmp/archive.tgz " + name, shell=True, check=True)


def disk_usage():
    return subprocess.check_output(["du", "-sh", EXPORT_DIR])


def rotate_logs():
    os.system("logrotate /etc/logrotate.d/catalog")


def lookup_host():
    host = request.args.get("host")
    return os.popen("nslookup " + host).read()


def resize(width, height):
    w = int(width)
    h = int(height)
    subprocess.run("convert in.png -resize %dx%d out.png" % (w, h), shell=True, check=True)
