package dev.strata.domain.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * How tokens are stored and checked. A plain SHA-256 is the right tool here, unlike for passwords:
 * tokens carry 256 bits from a CSPRNG, so a stolen hash cannot be reversed by guessing however fast
 * the hash is, and slow KDFs (bcrypt, Argon2) only exist to stretch low-entropy human passwords.
 * A fast hash keeps authentication to microseconds per request. Comparison is constant-time so the
 * time a wrong token takes does not reveal how many leading bytes of the hash it got right.
 */
public final class KeyHash {

    private KeyHash() {
    }

    public static String of(ApiToken token) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(token.value().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime provides SHA-256", e);
        }
    }

    public static boolean matches(ApiToken token, String storedHash) {
        return MessageDigest.isEqual(of(token).getBytes(StandardCharsets.US_ASCII),
                storedHash.getBytes(StandardCharsets.US_ASCII));
    }
}
