package com.acme.web;

import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.transform.TransformerFactory;

public class Web {
    void login(HttpServletRequest req, HttpServletResponse resp, String token) {
        // ruleid: java.lang.security.audit.cookie-missing-secure-flag.cookie-missing-secure-flag, java.lang.security.audit.cookie-missing-httponly.cookie-missing-httponly
        Cookie session = new Cookie("SESSION", token);
        session.setPath("/");
        resp.addCookie(session);

        // ok: java.lang.security.audit.cookie-missing-secure-flag.cookie-missing-secure-flag, java.lang.security.audit.cookie-missing-httponly.cookie-missing-httponly
        Cookie remember = new Cookie("REMEMBER", token);
        remember.setSecure(true);
        remember.setHttpOnly(true);
        resp.addCookie(remember);
        // ok: java.lang.security.audit.cookie-missing-httponly.cookie-missing-httponly
        Cookie sid = new Cookie("SID", token);
        sid.setHttpOnly(true);
        sid.setSecure(true);
        resp.addCookie(sid);

        // ok: java.lang.security.audit.cookie-missing-secure-flag.cookie-missing-secure-flag
        Cookie csrf = new Cookie("XSRF-TOKEN", token);
        csrf.setSecure(req.isSecure());
        // ruleid: java.lang.security.audit.cookie-missing-httponly.cookie-missing-httponly
        csrf.setHttpOnly(false);
        resp.addCookie(csrf);

        // ruleid: java.lang.security.audit.cookie-missing-secure-flag.cookie-missing-secure-flag, java.lang.security.audit.cookie-missing-httponly.cookie-missing-httponly
        resp.addCookie(new Cookie("lang", req.getParameter("lang")));
        Cookie theme = null;
        // ok: java.lang.security.audit.cookie-missing-secure-flag.cookie-missing-secure-flag
        theme = new Cookie("theme", "dark");
        theme.setSecure(true);
        // ruleid: java.lang.security.audit.cookie-missing-secure-flag.cookie-missing-secure-flag
        theme.setSecure(false);
        theme.setHttpOnly(true);
    }

    DocumentBuilder builders() throws Exception {
        // ok: java.lang.security.audit.xxe.documentbuilderfactory-disallow-doctype-decl-missing.documentbuilderfactory-disallow-doctype-decl-missing
        DocumentBuilderFactory noEntities = DocumentBuilderFactory.newInstance();
        noEntities.setFeature("http://xml.org/sax/features/external-general-entities", false);
        // ruleid: java.lang.security.audit.xxe.documentbuilderfactory-disallow-doctype-decl-missing.documentbuilderfactory-disallow-doctype-decl-missing
        DocumentBuilderFactory open = DocumentBuilderFactory.newInstance();
        open.setNamespaceAware(true);
        // ok: java.lang.security.audit.xxe.documentbuilderfactory-disallow-doctype-decl-missing.documentbuilderfactory-disallow-doctype-decl-missing
        DocumentBuilderFactory safe = DocumentBuilderFactory.newInstance();
        safe.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        // ruleid: java.lang.security.audit.xxe.documentbuilderfactory-disallow-doctype-decl-missing.documentbuilderfactory-disallow-doctype-decl-missing
        DocumentBuilder inline = DocumentBuilderFactory.newInstance().newDocumentBuilder();
        return safe.newDocumentBuilder();
    }

    void sax() throws Exception {
        // ruleid: java.lang.security.audit.xxe.saxparserfactory-disallow-doctype-decl-missing.saxparserfactory-disallow-doctype-decl-missing
        javax.xml.parsers.SAXParser parser = SAXParserFactory.newInstance().newSAXParser();
        // ruleid: java.lang.security.audit.xxe.saxparserfactory-disallow-doctype-decl-missing.saxparserfactory-disallow-doctype-decl-missing
        SAXParserFactory open = SAXParserFactory.newInstance();
        // ok: java.lang.security.audit.xxe.saxparserfactory-disallow-doctype-decl-missing.saxparserfactory-disallow-doctype-decl-missing
        SAXParserFactory safe = SAXParserFactory.newInstance();
        safe.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        // ok: java.lang.security.audit.xxe.saxparserfactory-disallow-doctype-decl-missing.saxparserfactory-disallow-doctype-decl-missing
        SAXParserFactory alsoSafe = SAXParserFactory.newInstance();
        alsoSafe.setFeature("http://xml.org/sax/features/external-general-entities", false);
    }

    void transformers() throws Exception {
        // ok: java.lang.security.audit.xxe.transformerfactory-dtds-not-disabled.transformerfactory-dtds-not-disabled
        TransformerFactory reports;
        reports = TransformerFactory.newInstance();
        reports.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        // ruleid: java.lang.security.audit.xxe.transformerfactory-dtds-not-disabled.transformerfactory-dtds-not-disabled
        TransformerFactory open = TransformerFactory.newInstance();
        // ok: java.lang.security.audit.xxe.transformerfactory-dtds-not-disabled.transformerfactory-dtds-not-disabled
        TransformerFactory safe = TransformerFactory.newInstance();
        safe.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        safe.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "");
        // ruleid: java.lang.security.audit.xxe.transformerfactory-dtds-not-disabled.transformerfactory-dtds-not-disabled
        javax.xml.transform.Transformer t = TransformerFactory.newInstance().newTransformer();
    }

    void stax() {
        // ok: java.lang.security.xmlinputfactory-possible-xxe.xmlinputfactory-possible-xxe
        XMLInputFactory strict = XMLInputFactory.newInstance();
        strict.setProperty("javax.xml.stream.supportDTD", false);
        // ruleid: java.lang.security.xmlinputfactory-possible-xxe.xmlinputfactory-possible-xxe
        XMLInputFactory open = XMLInputFactory.newInstance();
        // ok: java.lang.security.xmlinputfactory-possible-xxe.xmlinputfactory-possible-xxe
        XMLInputFactory safe = XMLInputFactory.newFactory();
        safe.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        // ruleid: java.lang.security.xmlinputfactory-possible-xxe.xmlinputfactory-possible-xxe
        XMLInputFactory other = XMLInputFactory.newFactory();
        other.setProperty(XMLInputFactory.IS_COALESCING, true);
    }
}
