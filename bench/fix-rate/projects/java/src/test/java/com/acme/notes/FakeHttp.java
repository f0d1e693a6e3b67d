package com.acme.notes;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.servlet.ServletOutputStream;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/** In-memory request and response for driving the servlets. */
final class FakeHttp {
    private FakeHttp() {}

    static final class Request implements HttpServletRequest {
        private final Map<String, String> parameters;

        Request(Map<String, String> parameters) {
            this.parameters = parameters;
        }

        public String getParameter(String name) {
            return parameters.get(name);
        }

        public String getHeader(String name) {
            return null;
        }

        public String getPathInfo() {
            return null;
        }

        public String getRemoteAddr() {
            return "127.0.0.1";
        }

        public boolean isSecure() {
            return true;
        }
    }

    static final class Response implements HttpServletResponse {
        final List<Cookie> cookies = new ArrayList<>();
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final PrintWriter writer = new PrintWriter(bytes, true, StandardCharsets.UTF_8);
        int status = 200;
        String redirect;

        public void addCookie(Cookie cookie) {
            cookies.add(cookie);
        }

        public void setContentType(String type) {}

        public void setStatus(int status) {
            this.status = status;
        }

        public void sendError(int status, String message) {
            this.status = status;
        }

        public void sendRedirect(String location) {
            this.redirect = location;
        }

        public PrintWriter getWriter() {
            return writer;
        }

        public ServletOutputStream getOutputStream() {
            return new ServletOutputStream() {
                @Override
                public void write(int b) {
                    bytes.write(b);
                }
            };
        }

        String body() {
            writer.flush();
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }
}
