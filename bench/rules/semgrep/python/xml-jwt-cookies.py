import xml.etree.ElementTree as ET
import xml.etree.cElementTree as cET
import xml.sax
from xml.dom import minidom, pulldom
from xml.dom.minidom import parseString

import defusedxml.ElementTree as SafeET
import jwt
from flask import make_response, request

KEY = "s3cret"


def import_feed(path, text, upload):
    # ruleid: python_xml_rule-element
    tree = ET.parse(path)
    # ruleid: python_xml_rule-element
    root = ET.fromstring(text)
    # ok: python_xml_rule-element
    safe = SafeET.fromstring(text)
    # ok: python_xml_rule-element
    built = ET.Element("feed")
    # ruleid: python_xml_rule-celement
    old = cET.fromstring(text)
    # ok: python_xml_rule-celement
    out = cET.tostring(built)
    # ok: python_xml_rule-celement
    sub = cET.SubElement(built, "item")
    # ruleid: python_xml_rule-celement
    legacy = cET.parse(upload)
    # ruleid: python_xml_rule-minidom
    doc = minidom.parseString(text)
    # ruleid: python_xml_rule-minidom
    doc2 = parseString(text)
    # ok: python_xml_rule-minidom
    doc3 = minidom.Document()
    # ok: python_xml_rule-minidom
    printed = doc3.toprettyxml()
    # ruleid: python_xml_rule-pulldom
    events = pulldom.parseString(text)
    # ruleid: python_xml_rule-pulldom
    events2 = pulldom.parse(upload)
    # ok: python_xml_rule-pulldom
    node = events.getEvent()
    # ok: python_xml_rule-pulldom
    node2 = events2.getEvent()
    # ruleid: python.lang.security.use-defused-xml-parse.use-defused-xml-parse
    xml.sax.parseString(text, handler)
    # ruleid: python.lang.security.use-defused-xml-parse.use-defused-xml-parse
    parser = xml.sax.make_parser()
    # ok: python.lang.security.use-defused-xml-parse.use-defused-xml-parse
    handler2 = xml.sax.ContentHandler()
    # ok: python.lang.security.use-defused-xml-parse.use-defused-xml-parse
    saxutils = xml.sax.saxutils.escape(text)
    # ruleid: python.lang.security.use-defused-xml.use-defused-xml
    for event, elem in ET.iterparse(upload):
        pass
    # ruleid: python.lang.security.use-defused-xml.use-defused-xml
    pp = ET.XMLPullParser(["end"])
    # ok: python.lang.security.use-defused-xml.use-defused-xml
    for event, elem in SafeET.iterparse(upload):
        pass
    # ok: python.lang.security.use-defused-xml.use-defused-xml
    text2 = ET.tostring(built)
    return tree, root, safe, old, out, legacy, doc, doc2, printed, node, node2, parser, handler2, saxutils, pp, text2


def current_user(token):
    # ruleid: python.jwt.security.unverified-jwt-decode.unverified-jwt-decode
    claims = jwt.decode(token, options={"verify_signature": False})
    # ruleid: python.jwt.security.unverified-jwt-decode.unverified-jwt-decode
    legacy = jwt.decode(token, KEY, verify=False)
    # ok: python.jwt.security.unverified-jwt-decode.unverified-jwt-decode
    verified = jwt.decode(token, KEY, algorithms=["HS256"])
    # ok: python.jwt.security.unverified-jwt-decode.unverified-jwt-decode
    strict = jwt.decode(token, KEY, algorithms=["HS256"], options={"require": ["exp"]})
    return claims, legacy, verified, strict


def peek(token):
    opts = {"verify_signature": False, "verify_exp": False}
    # ruleid: python.jwt.security.unverified-jwt-decode.unverified-jwt-decode
    return jwt.decode(token, options=opts)


def login():
    resp = make_response("ok")
    # ruleid: python.flask.security.audit.secure-set-cookie.secure-set-cookie
    resp.set_cookie("session", "abc", max_age=3600)
    # ruleid: python.flask.security.audit.secure-set-cookie.secure-set-cookie
    resp.set_cookie("remember", "1", secure=True)
    # ok: python.flask.security.audit.secure-set-cookie.secure-set-cookie
    resp.set_cookie("session", "abc", secure=True, httponly=True, samesite="Lax")
    # ok: python.flask.security.audit.secure-set-cookie.secure-set-cookie
    resp.set_cookie("theme", request.args["t"], **COOKIE_DEFAULTS)
    return resp


COOKIE_DEFAULTS = {"secure": True, "httponly": False, "samesite": "Lax"}
