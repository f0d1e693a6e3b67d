package com.acme.billing.web;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.commons.text.StringEscapeUtils;
import org.owasp.encoder.Encode;

public class DocumentServlet extends HttpServlet {
    private static final Path ROOT = Paths.get("/srv/billing/documents");

    public void download(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String name = request.getParameter("name");
        Files.copy(ROOT.resolve(name), response.getOutputStream());
    }

    public void downloadByFileName(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String name = Paths.get(request.getParameter("name")).getFileName().toString();
        Files.copy(ROOT.resolve(name), response.getOutputStream());
    }

    public void downloadChecked(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Path target = ROOT.resolve(request.getParameter("path")).normalize();
        if (!target.startsWith(ROOT)) {
            response.sendError(403);
            return;
        }
        Files.copy(target, response.getOutputStream());
    }

    public void legacyDownload(HttpServletRequest request, HttpServletResponse response) throws IOException {
        File file = new File("/srv/billing/legacy/" + request.getParameter("file"));
        Files.copy(file.toPath(), response.getOutputStream());
    }

    public void greet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String name = request.getParameter("name");
        PrintWriter out = response.getWriter();
        out.println("<h1>Hello " + name + "</h1>");
    }

    public void greetEscaped(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String name = StringEscapeUtils.escapeHtml4(request.getParameter("name"));
        response.getWriter().println("<h1>Hello " + name + "</h1>");
    }

    public void greetEncoded(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.getWriter().println("<p>" + Encode.forHtml(request.getParameter("note")) + "</p>");
    }

    public void pageCount(HttpServletRequest request, HttpServletResponse response) throws IOException {
        int pages = Integer.parseInt(request.getParameter("pages"));
        response.getWriter().println("<p>" + pages + " pages</p>");
    }

    public void next(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.sendRedirect(request.getParameter("next"));
    }

    public void back(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String next = request.getParameter("next");
        if (next == null || !next.startsWith("/") || next.startsWith("//")) {
            next = "/";
        }
        response.sendRedirect(next);
    }
}
