package com.acme.notes;

import com.acme.notes.audit.AuditTrail;
import com.acme.notes.db.NoteRepository;
import com.acme.notes.imports.BundleImporter;
import com.acme.notes.imports.NoteImporter;
import com.acme.notes.integration.WebhookClient;
import com.acme.notes.security.ShareLinks;
import com.acme.notes.security.TokenCipher;
import com.acme.notes.web.AttachmentServlet;
import com.acme.notes.web.LoginServlet;
import com.acme.notes.web.NoteServlet;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import javax.crypto.KeyGenerator;
import org.slf4j.LoggerFactory;

/** Exercises the application's code paths with ordinary input; exits 1 on the first failure. */
public final class BehaviourCheck {
    private static final List<String> FAILURES = new ArrayList<>();

    private BehaviourCheck() {}

    public static void main(String[] args) throws Exception {
        Path work = Files.createTempDirectory("notes-check");
        try {
            repository();
            audit();
            importer();
            bundles(work);
            crypto();
            servlets(work);
            tls();
        } finally {
            deleteTree(work.toFile());
        }
        if (!FAILURES.isEmpty()) {
            FAILURES.forEach(f -> System.out.println("FAIL " + f));
            System.exit(1);
        }
        System.out.println("behaviour checks passed");
    }

    private static void check(String what, Object expected, Object actual) {
        if (!expected.equals(actual)) FAILURES.add(what + ": expected <" + expected + "> but was <" + actual + ">");
    }

    private static void repository() throws Exception {
        RecordingDatabase db = new RecordingDatabase(List.of("Groceries", "Plans"));
        NoteRepository notes = new NoteRepository(db.connection());
        check("titlesOf rows", List.of("Groceries", "Plans"), notes.titlesOf("ann"));
        check("search rows", List.of("Groceries", "Plans"), notes.search("plan", 50));
        check("delete count", 1, notes.delete(7, "ann"));
        check("titleOf", "Groceries", notes.titleOf(3));
        check("count", 2, notes.count());
        check("executed SQL", List.of(
                "SELECT title FROM notes WHERE owner = 'ann' ORDER BY created_at DESC",
                "SELECT title FROM notes WHERE title LIKE '%plan%' LIMIT 50",
                "DELETE FROM notes WHERE id = 7 AND owner = 'ann'",
                "SELECT title FROM notes WHERE id = 3",
                "SELECT COUNT(*) FROM notes"), db.executed);
    }

    private static void audit() throws Exception {
        RecordingDatabase db = new RecordingDatabase(List.of());
        new AuditTrail(db.connection()).record("ann", "export");
        check("audit SQL", List.of("INSERT INTO audit (actor, action) VALUES ('ann', 'export')"), db.executed);
    }

    private static void importer() throws Exception {
        NoteImporter importer = new NoteImporter();
        String notes = "<notes><note><title>One</title></note><note><title>Two</title></note></notes>";
        check("DOM titles", List.of("One", "Two"), importer.titles(stream(notes)));
        String opml = "<opml><body><outline text=\"Inbox\"/><outline text=\"Later\"/></body></opml>";
        check("SAX outline", List.of("Inbox", "Later"), importer.outline(stream(opml)));
        check("StAX count", 2, importer.countNotes(new StringReader("<en-export><note/><note/></en-export>")));
        String xsl = "<xsl:stylesheet version=\"1.0\" xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\">"
                + "<xsl:output method=\"text\"/><xsl:template match=\"/\">[<xsl:value-of select=\"/n\"/>]</xsl:template>"
                + "</xsl:stylesheet>";
        check("XSLT render", "[hello]", importer.render(xsl, "<n>hello</n>"));
        String xsd = "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"><xs:element name=\"n\" type=\"xs:string\"/></xs:schema>";
        importer.schema(xsd).newValidator().validate(new javax.xml.transform.stream.StreamSource(new StringReader("<n>ok</n>")));
        check("trusted parse", "n", importer.trusted(stream("<n>x</n>")).getDocumentElement().getTagName());
    }

    private static void bundles(Path work) throws Exception {
        byte[] zip = zip(Map.of("notes/one.txt", "first", "notes/img/two.txt", "second"));
        File dest = work.resolve("unpacked").toFile();
        dest.mkdirs();
        List<File> written = new BundleImporter().unpack(new ByteArrayInputStream(zip), dest);
        check("unpacked files", 2, written.size());
        check("unpacked content", "first", Files.readString(dest.toPath().resolve("notes/one.txt")));
        Path archive = work.resolve("bundle.zip");
        Files.write(archive, zip);
        Path root = work.resolve("restored");
        try (ZipFile file = new ZipFile(archive.toFile())) {
            check("restored count", 2, new BundleImporter().restore(file, root));
            check("zip names", 2, new BundleImporter().names(file).size());
        }
        check("restored content", "second", Files.readString(root.resolve("notes/img/two.txt")));
    }

    private static void crypto() throws Exception {
        KeyGenerator generator = KeyGenerator.getInstance("AES");
        generator.init(128);
        TokenCipher cipher = new TokenCipher(generator.generateKey());
        check("token round trip", "refresh-123", cipher.open(cipher.seal("refresh-123")));
        ShareLinks links = new ShareLinks("s3cret");
        String signature = links.sign(42, 1_700_000_000L);
        check("share link verifies", true, links.verify(42, 1_700_000_000L, signature));
        check("share link rejects", false, links.verify(43, 1_700_000_000L, signature));
    }

    private static void servlets(Path work) throws Exception {
        File attachments = work.resolve("attachments").toFile();
        attachments.mkdirs();
        Files.writeString(attachments.toPath().resolve("report.txt"), "quarterly");
        Files.writeString(attachments.toPath().resolve("README.txt"), "read me");
        RecordingDatabase db = new RecordingDatabase(List.of("Plans"));
        NoteServlet notes = new NoteServlet(new NoteRepository(db.connection()), attachments);

        FakeHttp.Response download = new FakeHttp.Response();
        notes.download(new FakeHttp.Request(Map.of("file", "report.txt")), download);
        check("download body", "quarterly", download.body());
        FakeHttp.Response readme = new FakeHttp.Response();
        notes.readme(readme);
        check("readme body", "read me", readme.body());

        FakeHttp.Response search = new FakeHttp.Response();
        notes.doGet(new FakeHttp.Request(Map.of("q", "plan")), search);
        check("search body", "Plans", search.body().trim());
        check("search logged", true, LoggerFactory.lines().contains("INFO NoteServlet: Search for plan"));

        FakeHttp.Response view = new FakeHttp.Response();
        notes.rememberView(new FakeHttp.Request(Map.of("view", "grid")), view);
        check("view cookie", "view=grid", view.cookies.get(0).getName() + "=" + view.cookies.get(0).getValue());

        Files.writeString(work.resolve("preview.txt"), "preview text");
        FakeHttp.Response preview = new FakeHttp.Response();
        new AttachmentServlet(work.toString()).doGet(new FakeHttp.Request(Map.of("name", "preview.txt")), preview);
        check("preview body", "preview text", preview.body());

        LoginServlet login = new LoginServlet(Map.of("ann", "5f4dcc3b5aa765d61d8327deb882cf99"));
        FakeHttp.Response ok = new FakeHttp.Response();
        login.doPost(new FakeHttp.Request(Map.of("username", "ann", "password", "password")), ok);
        check("login redirect", "/notes", ok.redirect);
        check("login cookies", List.of("NOTES_SESSION", "XSRF-TOKEN"), ok.cookies.stream().map(c -> c.getName()).toList());
        check("session token length", 48, ok.cookies.get(0).getValue().length());
        FakeHttp.Response denied = new FakeHttp.Response();
        login.doPost(new FakeHttp.Request(Map.of("username", "bob", "password", "x")), denied);
        check("login denied", 401, denied.status);
        check("login failure logged", true, LoggerFactory.lines().contains("WARN LoginServlet: Failed login for bob"));
    }

    private static void tls() throws Exception {
        check("webhook client", true, new WebhookClient() != null);
        check("platform TLS", true, WebhookClient.platformDefault() != null);
    }

    private static ByteArrayInputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] zip(Map<String, String> files) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, String> file : files.entrySet()) {
                out.putNextEntry(new ZipEntry(file.getKey()));
                out.write(file.getValue().getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    private static void deleteTree(File file) {
        File[] children = file.listFiles();
        if (children != null) for (File child : children) deleteTree(child);
        file.delete();
    }
}
