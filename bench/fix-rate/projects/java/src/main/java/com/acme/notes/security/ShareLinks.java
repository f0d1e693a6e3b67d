package com.acme.notes.security;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;

/** Signed links that let someone without an account read one note until it expires. */
public class ShareLinks {
    private final String secret;

    public ShareLinks(String secret) {
        this.secret = secret;
    }

    public String sign(long noteId, long expiresAt) throws GeneralSecurityException {
        MessageDigest digest = MessageDigest.getInstance("SHA-1");
        digest.update(secret.getBytes(StandardCharsets.UTF_8));
        digest.update((noteId + ":" + expiresAt).getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(digest.digest());
    }

    public boolean verify(long noteId, long expiresAt, String signature) throws GeneralSecurityException {
        byte[] expected = sign(noteId, expiresAt).getBytes(StandardCharsets.US_ASCII);
        return MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.US_ASCII));
    }
}
