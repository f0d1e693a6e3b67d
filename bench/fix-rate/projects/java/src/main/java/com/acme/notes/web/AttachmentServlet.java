package com.acme.notes.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Previews of text attachments. */
public class AttachmentServlet extends HttpServlet {
    private static final Logger log = LoggerFactory.getLogger(AttachmentServlet.class);

    private final String uploadRoot;

    public AttachmentServlet(String uploadRoot) {
        this.uploadRoot = uploadRoot;
    }

    @Override
    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String fileName = request.getParameter("name");
        try {
            String text = Files.readString(Paths.get(uploadRoot, fileName));
            response.setContentType("text/plain");
            response.getWriter().print(text);
        } catch (IOException e) {
            log.error("Preview failed for " + fileName, e);
            response.sendError(404, "no preview");
        }
    }
}
