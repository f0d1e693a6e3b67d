package com.acme.notes.web;

import com.acme.notes.db.NoteRepository;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.sql.SQLException;
import java.util.List;
import javax.servlet.ServletException;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Search, display preferences and attachment downloads. */
public class NoteServlet extends HttpServlet {
    private static final Logger log = LoggerFactory.getLogger(NoteServlet.class);
    private static final File ATTACHMENTS = new File("/var/lib/notes/attachments");

    private final NoteRepository notes;
    private final File attachments;

    public NoteServlet(NoteRepository notes) {
        this(notes, ATTACHMENTS);
    }

    public NoteServlet(NoteRepository notes, File attachments) {
        this.notes = notes;
        this.attachments = attachments;
    }

    @Override
    public void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String term = request.getParameter("q");
        log.info("Search for {}", term);
        try {
            List<String> titles = notes.search(term, 50);
            log.info("Found {} notes", titles.size());
            response.setContentType("text/plain");
            response.getWriter().println(String.join("\n", titles));
        } catch (SQLException e) {
            throw new ServletException("search failed", e);
        }
    }

    public void rememberView(HttpServletRequest request, HttpServletResponse response) {
        String mode = request.getParameter("view");
        Cookie view = new Cookie("view", mode);
        view.setMaxAge(60 * 60 * 24 * 365);
        response.addCookie(view);
    }

    public void download(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String name = request.getParameter("file");
        File attachment = new File(attachments, name);
        if (!attachment.isFile()) {
            response.sendError(404, "no such attachment");
            return;
        }
        response.setContentType("application/octet-stream");
        Files.copy(attachment.toPath(), response.getOutputStream());
    }

    public void readme(HttpServletResponse response) throws IOException {
        File readme = new File(attachments, "README.txt");
        response.setContentType("text/plain");
        Files.copy(readme.toPath(), response.getOutputStream());
    }
}
