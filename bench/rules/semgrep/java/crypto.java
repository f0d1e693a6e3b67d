package com.acme.security;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import javax.crypto.Cipher;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.apache.commons.codec.digest.DigestUtils;
import com.google.common.hash.Hashing;

public class Crypto {
    // ruleid: java.lang.security.audit.crypto.weak-random.weak-random
    private final Random random = new Random();
    // ok: java.lang.security.audit.crypto.weak-random.weak-random
    private final SecureRandom secure = new SecureRandom();

    String resetToken() {
        // ruleid: java.lang.security.audit.crypto.weak-random.weak-random
        long seed = (long) (Math.random() * Long.MAX_VALUE);
        // ruleid: java.lang.security.audit.crypto.weak-random.weak-random
        int pin = ThreadLocalRandom.current().nextInt(1000000);
        // ok: java.lang.security.audit.crypto.weak-random.weak-random
        int max = Math.max(pin, 3);
        return Long.toHexString(seed) + random.nextInt() + secure.nextInt() + max;
    }

    byte[] digests(byte[] data) throws Exception {
        // ok: java.lang.security.audit.crypto.use-of-md5.use-of-md5, java.lang.security.audit.crypto.use-of-sha1.use-of-sha1
        MessageDigest sha3 = MessageDigest.getInstance("SHA3-256");
        // ruleid: java.lang.security.audit.crypto.use-of-md5.use-of-md5
        byte[] a = MessageDigest.getInstance("MD5").digest(data);
        // ruleid: java.lang.security.audit.crypto.use-of-md5.use-of-md5
        MessageDigest b = java.security.MessageDigest.getInstance("md5");
        // ok: java.lang.security.audit.crypto.use-of-md5.use-of-md5
        byte[] c = MessageDigest.getInstance("SHA-256").digest(data);
        // ruleid: java.lang.security.audit.crypto.use-of-sha1.use-of-sha1
        MessageDigest d = MessageDigest.getInstance("SHA-1");
        // ruleid: java.lang.security.audit.crypto.use-of-sha1.use-of-sha1
        MessageDigest e = MessageDigest.getInstance("SHA");
        // ok: java.lang.security.audit.crypto.use-of-sha1.use-of-sha1
        MessageDigest f = MessageDigest.getInstance("SHA-512");
        return a;
    }

    String libraries(String body) {
        // ok: java.lang.security.audit.crypto.use-of-md5-digest-utils.use-of-md5-digest-utils, java.lang.security.audit.crypto.weak-hash.use-of-sha1
        String strong = DigestUtils.sha512Hex(body);
        // ruleid: java.lang.security.audit.crypto.weak-hash.use-of-md5
        byte[] md5Bytes = Hashing.md5().hashBytes(body.getBytes()).asBytes();
        // ruleid: java.lang.security.audit.crypto.use-of-md5-digest-utils.use-of-md5-digest-utils
        String a = DigestUtils.md5Hex(body);
        // ruleid: java.lang.security.audit.crypto.use-of-md5-digest-utils.use-of-md5-digest-utils
        byte[] b = DigestUtils.md5(body);
        // ok: java.lang.security.audit.crypto.use-of-md5-digest-utils.use-of-md5-digest-utils
        String c = DigestUtils.sha256Hex(body);
        // ruleid: java.lang.security.audit.crypto.weak-hash.use-of-sha1
        String d = DigestUtils.sha1Hex(body);
        // ruleid: java.lang.security.audit.crypto.weak-hash.use-of-sha1
        String e = Hashing.sha1().hashUnencodedChars(body).toString();
        // ok: java.lang.security.audit.crypto.weak-hash.use-of-sha1
        String f = Hashing.sha256().hashUnencodedChars(body).toString();
        // ruleid: java.lang.security.audit.crypto.weak-hash.use-of-md5
        String g = Hashing.md5().hashUnencodedChars(body).toString();
        // ok: java.lang.security.audit.crypto.weak-hash.use-of-md5
        String h = Hashing.murmur3_128().hashUnencodedChars(body).toString();
        // ok: java.lang.security.audit.crypto.weak-hash.use-of-md5
        String i = Hashing.sha512().hashUnencodedChars(body).toString();
        return a + b + c + d + e + f + g + h + i;
    }

    void ciphers() throws Exception {
        // ok: java.lang.security.audit.crypto.use-of-default-aes.use-of-default-aes, java.lang.security.audit.crypto.use-of-aes-ecb.use-of-aes-ecb, java.lang.security.audit.crypto.ecb-cipher.ecb-cipher, java.lang.security.audit.cbc-padding-oracle.cbc-padding-oracle, java.lang.security.audit.crypto.des-is-deprecated.des-is-deprecated, java.lang.security.audit.crypto.desede-is-deprecated.desede-is-deprecated
        Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding", "SunJCE");
        // ruleid: java.lang.security.audit.crypto.use-of-default-aes.use-of-default-aes
        Cipher a = Cipher.getInstance("AES");
        // ok: java.lang.security.audit.crypto.use-of-default-aes.use-of-default-aes
        Cipher b = Cipher.getInstance("AES/GCM/NoPadding");
        // ruleid: java.lang.security.audit.crypto.use-of-default-aes.use-of-default-aes
        Cipher a2 = javax.crypto.Cipher.getInstance("aes");
        // ruleid: java.lang.security.audit.crypto.use-of-aes-ecb.use-of-aes-ecb
        Cipher c = Cipher.getInstance("AES/ECB/PKCS5Padding");
        // ruleid: java.lang.security.audit.crypto.use-of-aes-ecb.use-of-aes-ecb
        Cipher c2 = Cipher.getInstance("AES_256/ECB/NoPadding");
        // ok: java.lang.security.audit.crypto.use-of-aes-ecb.use-of-aes-ecb
        Cipher d = Cipher.getInstance("AES/CTR/NoPadding");
        // ruleid: java.lang.security.audit.crypto.ecb-cipher.ecb-cipher
        Cipher e = Cipher.getInstance("Blowfish/ECB/PKCS5Padding");
        // ruleid: java.lang.security.audit.crypto.ecb-cipher.ecb-cipher
        Cipher e2 = Cipher.getInstance("Camellia/ECB/NoPadding");
        // ok: java.lang.security.audit.crypto.ecb-cipher.ecb-cipher
        Cipher f = Cipher.getInstance("RSA/ECB/OAEPWithSHA-256AndMGF1Padding");
        // ruleid: java.lang.security.audit.cbc-padding-oracle.cbc-padding-oracle
        Cipher g = Cipher.getInstance("AES/CBC/PKCS5Padding");
        // ruleid: java.lang.security.audit.cbc-padding-oracle.cbc-padding-oracle
        Cipher g2 = Cipher.getInstance("AES/CBC/PKCS7Padding", "BC");
        // ok: java.lang.security.audit.cbc-padding-oracle.cbc-padding-oracle
        Cipher h = Cipher.getInstance("AES/CBC/NoPadding");
        // ruleid: java.lang.security.audit.crypto.des-is-deprecated.des-is-deprecated
        Cipher i = Cipher.getInstance("DES/ECB/PKCS5Padding");
        // ruleid: java.lang.security.audit.crypto.des-is-deprecated.des-is-deprecated
        Cipher i2 = Cipher.getInstance("DES");
        // ok: java.lang.security.audit.crypto.des-is-deprecated.des-is-deprecated
        Cipher j = Cipher.getInstance("DESede/CBC/PKCS5Padding".substring(0, 3) + "X");
        // ruleid: java.lang.security.audit.crypto.desede-is-deprecated.desede-is-deprecated
        Cipher k = Cipher.getInstance("DESede/CBC/PKCS5Padding");
        // ruleid: java.lang.security.audit.crypto.desede-is-deprecated.desede-is-deprecated
        Cipher k2 = Cipher.getInstance("TripleDES");
        // ok: java.lang.security.audit.crypto.desede-is-deprecated.desede-is-deprecated
        Cipher l = Cipher.getInstance("ChaCha20-Poly1305");
    }

    void tls(SSLSocket socket) throws Exception {
        // ruleid: java.lang.security.audit.weak-ssl-context.weak-ssl-context
        SSLContext a = SSLContext.getInstance("SSL");
        // ruleid: java.lang.security.audit.weak-ssl-context.weak-ssl-context
        SSLContext b = SSLContext.getInstance("TLSv1.1");
        // ok: java.lang.security.audit.weak-ssl-context.weak-ssl-context
        SSLContext c = SSLContext.getInstance("TLSv1.3");
        // ruleid: java.lang.security.audit.weak-ssl-context.weak-ssl-context
        socket.setEnabledProtocols(new String[] {"TLSv1", "TLSv1.2"});
        // ok: java.lang.security.audit.weak-ssl-context.weak-ssl-context
        socket.setEnabledProtocols(new String[] {"TLSv1.2", "TLSv1.3"});
    }
}
