package com.acme.notes.imports;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import org.xml.sax.Attributes;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/** Imports notes exported by other tools (Evernote ENEX, OPML outlines, our own XML). */
public class NoteImporter {
    private static final XMLInputFactory STREAMS = XMLInputFactory.newFactory();

    public List<String> titles(InputStream xml) throws IOException, SAXException, ParserConfigurationException {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        DocumentBuilder builder = factory.newDocumentBuilder();
        Document document = builder.parse(xml);
        NodeList nodes = document.getElementsByTagName("title");
        List<String> titles = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            titles.add(nodes.item(i).getTextContent());
        }
        return titles;
    }

    public List<String> outline(InputStream opml) throws IOException, SAXException, ParserConfigurationException {
        List<String> texts = new ArrayList<>();
        SAXParserFactory parsers = SAXParserFactory.newInstance();
        SAXParser parser = parsers.newSAXParser();
        parser.parse(opml, new DefaultHandler() {
            @Override
            public void startElement(String uri, String localName, String qName, Attributes attributes) {
                if ("outline".equals(qName) && attributes.getValue("text") != null) {
                    texts.add(attributes.getValue("text"));
                }
            }
        });
        return texts;
    }

    public int countNotes(Reader enex) throws XMLStreamException {
        XMLStreamReader reader = STREAMS.createXMLStreamReader(enex);
        int count = 0;
        while (reader.hasNext()) {
            if (reader.next() == XMLStreamConstants.START_ELEMENT && "note".equals(reader.getLocalName())) {
                count++;
            }
        }
        reader.close();
        return count;
    }

    public String render(String stylesheet, String xml) throws TransformerException {
        TransformerFactory transformers = TransformerFactory.newInstance();
        Transformer transformer = transformers.newTransformer(new StreamSource(new StringReader(stylesheet)));
        StringWriter out = new StringWriter();
        transformer.transform(new StreamSource(new StringReader(xml)), new StreamResult(out));
        return out.toString();
    }

    public Schema schema(String xsd) throws SAXException {
        SchemaFactory schemas = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        return schemas.newSchema(new StreamSource(new StringReader(xsd)));
    }

    public Document trusted(InputStream xml) throws IOException, SAXException, ParserConfigurationException {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(xml);
    }
}
