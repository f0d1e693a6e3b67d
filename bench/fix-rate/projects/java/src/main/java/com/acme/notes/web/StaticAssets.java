package com.acme.notes.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import javax.servlet.http.HttpServletResponse;

/** Serves the bundled stylesheets and scripts with a content ETag. */
public class StaticAssets {
    private final Path root;

    public StaticAssets(Path root) {
        this.root = root;
    }

    public String etagOf(byte[] content) throws NoSuchAlgorithmException {
        MessageDigest md5 = MessageDigest.getInstance("MD5");
        return '"' + HexFormat.of().formatHex(md5.digest(content)) + '"';
    }

    public void serve(String asset, HttpServletResponse response) throws IOException, NoSuchAlgorithmException {
        Path file = root.resolve("bundle").resolve("app.css");
        byte[] content = Files.readAllBytes(file);
        response.setContentType(asset.endsWith(".js") ? "text/javascript" : "text/css");
        response.getWriter().print(etagOf(content));
    }
}
