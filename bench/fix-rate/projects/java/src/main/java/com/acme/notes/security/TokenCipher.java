package com.acme.notes.security;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;

/** Encrypts the refresh tokens kept in the browser between sessions. */
public class TokenCipher {
    private final SecretKey key;

    public TokenCipher(SecretKey key) {
        this.key = key;
    }

    public String seal(String token) throws GeneralSecurityException {
        return Base64.getUrlEncoder().encodeToString(encrypt(token.getBytes(StandardCharsets.UTF_8)));
    }

    public String open(String sealed) throws GeneralSecurityException {
        return new String(decrypt(Base64.getUrlDecoder().decode(sealed)), StandardCharsets.UTF_8);
    }

    private byte[] encrypt(byte[] plain) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES");
        cipher.init(Cipher.ENCRYPT_MODE, key);
        return cipher.doFinal(plain);
    }

    private byte[] decrypt(byte[] sealed) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES");
        cipher.init(Cipher.DECRYPT_MODE, key);
        return cipher.doFinal(sealed);
    }
}
