package com.acme.notes;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.commons.io.FilenameUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

public class NoteServlet extends HttpServlet {
    private static final Logger log = LoggerFactory.getLogger(NoteServlet.class);
    private final Connection conn;
    private final JdbcTemplate jdbc;
    private final File root = new File("/srv/notes");

    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws Exception {
        String owner = req.getParameter("owner");
        Statement st = conn.createStatement();
        // ruleid: java.lang.security.audit.sqli.tainted-sql-from-http-request.tainted-sql-from-http-request
        ResultSet rs = st.executeQuery("SELECT id FROM notes WHERE owner = '" + owner + "'");
        String sql = String.format("DELETE FROM notes WHERE tag = '%s'", req.getParameter("tag"));
        // ruleid: java.lang.security.audit.sqli.tainted-sql-from-http-request.tainted-sql-from-http-request
        st.executeUpdate(sql);
        int page = Integer.parseInt(req.getParameter("page"));
        // ok: java.lang.security.audit.sqli.tainted-sql-from-http-request.tainted-sql-from-http-request
        st.executeQuery("SELECT id FROM notes LIMIT 20 OFFSET " + page * 20);
        PreparedStatement ps = conn.prepareStatement("SELECT id FROM notes WHERE owner = ?");
        ps.setString(1, owner);
        // ok: java.lang.security.audit.sqli.tainted-sql-from-http-request.tainted-sql-from-http-request
        ps.executeQuery();

        // ruleid: java.servlets.security.httpservlet-path-traversal.httpservlet-path-traversal
        File attachment = new File(root, req.getParameter("file"));
        // ok: java.servlets.security.httpservlet-path-traversal.httpservlet-path-traversal
        File named = new File(root, FilenameUtils.getName(req.getParameter("file")));
        String name = req.getPathInfo();
        // ruleid: java.servlets.security.httpservlet-path-traversal.httpservlet-path-traversal
        Path p = Paths.get("/srv/notes", name);
        // ok: java.servlets.security.httpservlet-path-traversal.httpservlet-path-traversal
        Path fixed = Paths.get("/srv/notes", "index.txt");
        // ok: java.servlets.security.httpservlet-path-traversal.httpservlet-path-traversal
        String base = Paths.get(req.getParameter("name")).getFileName().toString();
        // ok: java.servlets.security.httpservlet-path-traversal.httpservlet-path-traversal
        Path inRoot = root.toPath().resolve(base);
        // ok: java.servlets.security.httpservlet-path-traversal.httpservlet-path-traversal
        Path checked = root.toPath().resolve(req.getParameter("path")).normalize();
        if (!checked.startsWith(root.toPath())) {
            resp.sendError(403);
            return;
        }

        // ruleid: java.lang.security.audit.crlf-injection-logs.crlf-injection-logs
        log.info("note viewed by " + owner);
        // ruleid: java.lang.security.audit.crlf-injection-logs.crlf-injection-logs
        log.warn("bad tag {}", req.getParameter("tag"));
        // ok: java.lang.security.audit.crlf-injection-logs.crlf-injection-logs
        log.info("page {}", page);
        // ok: java.lang.security.audit.crlf-injection-logs.crlf-injection-logs
        log.info("owner {}", owner.replaceAll("[\r\n]", "_"));
        // ok: java.lang.security.audit.crlf-injection-logs.crlf-injection-logs
        log.info("listing notes");
    }

    List<Note> byTitle(String title) throws Exception {
        Statement st = conn.createStatement();
        StringBuilder q = new StringBuilder("SELECT id FROM notes WHERE title LIKE '%");
        q.append(title).append("%'");
        // ruleid: java.lang.security.audit.sqli.jdbc-sqli.jdbc-sqli
        ResultSet rs = st.executeQuery(q.toString());
        String sql = "SELECT id FROM notes WHERE title = '" + title + "'";
        // ruleid: java.lang.security.audit.sqli.jdbc-sqli.jdbc-sqli
        st.execute(sql);
        // ok: java.lang.security.audit.sqli.jdbc-sqli.jdbc-sqli
        st.execute("SELECT COUNT(*) FROM notes");
        // ok: java.lang.security.audit.sqli.jdbc-sqli.jdbc-sqli
        st.executeQuery("SELECT id FROM notes WHERE archived = " + Boolean.parseBoolean(title));
        // ruleid: java.lang.security.audit.formatted-sql-string.formatted-sql-string
        PreparedStatement ps = conn.prepareStatement("SELECT id FROM notes WHERE title = '" + title + "'");
        // ok: java.lang.security.audit.formatted-sql-string.formatted-sql-string
        PreparedStatement ok = conn.prepareStatement("SELECT id FROM notes WHERE title = ?");
        // ruleid: java.lang.security.audit.formatted-sql-string.formatted-sql-string
        PreparedStatement formatted = conn.prepareStatement(String.format("SELECT id FROM %s WHERE title = ?", title));
        // ok: java.lang.security.audit.formatted-sql-string.formatted-sql-string
        PreparedStatement call = conn.prepareCall("{call archive_note(?)}");
        // ruleid: java.lang.security.audit.jdbc-sql-formatted-string.jdbc-sql-formatted-string
        jdbc.update("DELETE FROM notes WHERE title = '" + title + "'");
        // ok: java.lang.security.audit.jdbc-sql-formatted-string.jdbc-sql-formatted-string
        jdbc.update("DELETE FROM notes WHERE title = ?", title);
        // ruleid: java.lang.security.audit.jdbc-sql-formatted-string.jdbc-sql-formatted-string
        jdbc.queryForList("SELECT id FROM notes WHERE title = '" + title + "'");
        // ok: java.lang.security.audit.jdbc-sql-formatted-string.jdbc-sql-formatted-string
        jdbc.queryForList("SELECT id FROM notes WHERE title = ?", title);
        // ruleid: java.lang.security.httpservlet-path-traversal.httpservlet-path-traversal
        File f = new File("/srv/exports/" + title + ".csv");
        // ok: java.lang.security.httpservlet-path-traversal.httpservlet-path-traversal
        File g = new File("/srv/exports", new File(title).getName());
        // ruleid: java.lang.security.httpservlet-path-traversal.httpservlet-path-traversal
        FileInputStream in = new FileInputStream(title);
        // ok: java.lang.security.httpservlet-path-traversal.httpservlet-path-traversal
        FileInputStream in2 = new FileInputStream("/etc/notes.conf");
        return null;
    }

    void thumbnail(String input, String size) throws IOException {
        // ruleid: java.lang.security.audit.command-injection-formatted-runtime-call.command-injection-formatted-runtime-call
        Runtime.getRuntime().exec("convert " + input + " -resize " + size + " out.png");
        String cmd = "gzip -k " + input;
        // ruleid: java.lang.security.audit.command-injection-formatted-runtime-call.command-injection-formatted-runtime-call
        Runtime.getRuntime().exec(cmd);
        // ruleid: java.lang.security.audit.command-injection-formatted-runtime-call.command-injection-formatted-runtime-call
        new ProcessBuilder("sh", "-c", "du -sk " + input).start();
        // ok: java.lang.security.audit.command-injection-formatted-runtime-call.command-injection-formatted-runtime-call
        Runtime.getRuntime().exec(new String[] {"convert", input, "-resize", size, "out.png"});
        // ok: java.lang.security.audit.command-injection-formatted-runtime-call.command-injection-formatted-runtime-call
        Runtime.getRuntime().exec("uptime");
        String[] argv = {"gzip", "-k", input};
        // ok: java.lang.security.audit.command-injection-formatted-runtime-call.command-injection-formatted-runtime-call
        Runtime.getRuntime().exec(argv);
    }

    @GetMapping("/export")
    String export(@RequestParam("name") String name, @RequestParam int year) throws IOException {
        // ruleid: java.spring.security.injection.tainted-file-path.tainted-file-path
        Path out = root.toPath().resolve(name);
        // ok: java.spring.security.injection.tainted-file-path.tainted-file-path
        Path byYear = Paths.get("/srv/exports", String.valueOf(year));
        // ruleid: java.spring.security.injection.tainted-file-path.tainted-file-path
        File legacy = new File("/srv/exports/" + name);
        // ok: java.spring.security.injection.tainted-file-path.tainted-file-path
        File safe = new File("/srv/exports", FilenameUtils.getName(name));
        return out.toString();
    }
}
