"""Publisher feeds of new titles."""
import xml.etree.ElementTree as ET


def parse_new_titles(xml_bytes):
    root = ET.fromstring(xml_bytes)
    return [
        {"isbn": item.findtext("isbn"), "title": item.findtext("title")}
        for item in root.iter("book")
    ]
