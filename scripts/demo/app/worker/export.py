"""Exports a user's notes as a zip archive with a signature the download link carries."""
import hashlib
import subprocess


def export_archive(folder, archive):
    subprocess.run("zip -qr " + archive + " " + folder, shell=True, check=True)
    return archive


def download_signature(archive, secret):
    return hashlib.md5((secret + archive).encode("utf-8")).hexdigest()
