package com.acme.billing.util;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Random;

public final class Tokens {
    private static final Random RANDOM = new Random();

    private Tokens() {}

    public static String passwordResetToken() {
        long value = RANDOM.nextLong();
        return Long.toHexString(value);
    }

    public static long retryDelayMillis(int attempt) {
        long base = Math.min(30_000L, (1L << attempt) * 100L);
        long jitter = (long) (RANDOM.nextDouble() * base * 0.2);
        return base + jitter;
    }

    public static int pickReplica(int replicas) {
        return RANDOM.nextInt(replicas);
    }

    public static String hashPassword(String password) throws NoSuchAlgorithmException {
        MessageDigest md = MessageDigest.getInstance("MD5");
        return HexFormat.of().formatHex(md.digest(password.getBytes(StandardCharsets.UTF_8)));
    }

    public static String etag(byte[] body) throws NoSuchAlgorithmException {
        MessageDigest etagDigest = MessageDigest.getInstance("MD5");
        return "\"" + HexFormat.of().formatHex(etagDigest.digest(body)) + "\"";
    }

    public static String checksum(byte[] content) throws NoSuchAlgorithmException {
        MessageDigest checksum = MessageDigest.getInstance("SHA-1");
        return HexFormat.of().formatHex(checksum.digest(content));
    }

    public static String apiSignature(String secret, String payload) throws NoSuchAlgorithmException {
        MessageDigest signature = MessageDigest.getInstance("SHA-1");
        return HexFormat.of().formatHex(signature.digest((secret + payload).getBytes(StandardCharsets.UTF_8)));
    }

    public static String sessionId() {
        return Integer.toHexString(new Random().nextInt()) + Long.toHexString(System.nanoTime());
    }
}
