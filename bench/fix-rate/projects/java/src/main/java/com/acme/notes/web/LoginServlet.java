package com.acme.notes.web;

import com.acme.notes.security.PasswordHasher;
import java.io.IOException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Form login: checks the password hash and issues the session and CSRF cookies. */
public class LoginServlet extends HttpServlet {
    private static final Logger LOG = LoggerFactory.getLogger(LoginServlet.class);

    private final Map<String, String> passwordHashes;
    private final PasswordHasher hasher = new PasswordHasher();
    private final Random random = new Random();

    public LoginServlet(Map<String, String> passwordHashes) {
        this.passwordHashes = passwordHashes;
    }

    @Override
    public void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String username = request.getParameter("username");
        String password = request.getParameter("password");
        String expected = passwordHashes.get(username);
        if (expected == null || !expected.equals(hasher.hashPassword(password))) {
            LOG.warn("Failed login for " + username);
            response.sendError(401, "invalid credentials");
            return;
        }
        response.addCookie(new Cookie("NOTES_SESSION", newToken()));
        Cookie csrf = new Cookie("XSRF-TOKEN", newToken());
        csrf.setSecure(true);
        response.addCookie(csrf);
        response.sendRedirect("/notes");
    }

    String newToken() {
        byte[] bytes = new byte[24];
        random.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
