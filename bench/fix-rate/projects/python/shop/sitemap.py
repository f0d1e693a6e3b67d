"""Sitemaps: read the publisher's, write ours."""
from xml.dom import minidom


def sitemap_urls(xml_text):
    doc = minidom.parseString(xml_text)
    return [loc.firstChild.data for loc in doc.getElementsByTagName("loc")]


def build_sitemap(urls):
    doc = minidom.Document()
    urlset = doc.createElement("urlset")
    doc.appendChild(urlset)
    for url in urls:
        loc = doc.createElement("loc")
        loc.appendChild(doc.createTextNode(url))
        entry = doc.createElement("url")
        entry.appendChild(loc)
        urlset.appendChild(entry)
    return doc.toxml()
