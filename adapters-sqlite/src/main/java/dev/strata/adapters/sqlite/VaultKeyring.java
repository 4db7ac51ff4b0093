package dev.strata.adapters.sqlite;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The keys that seal secret vault values at rest: AES-256-GCM, a fresh 96-bit nonce per value and
 * the value's tenant and key as associated data, so a sealed value cannot be moved to another row
 * and read there. The first key seals; every key opens, so a rotation (a new first key, the old one
 * kept until every value is re-sealed) never leaves a value unreadable. Each key has an id (a
 * digest of the key, which reveals nothing usable about it) stored beside every value it sealed.
 *
 * <p>The keys live outside the database file ({@link VaultKeyFile}): a copy of the database or of a
 * backup alone holds ciphertext only. They are loaded on first use, so a vault without secrets never
 * needs (or creates) a key.
 */
public final class VaultKeyring {

    /** Key length in bytes (AES-256). */
    public static final int KEY_BYTES = 32;
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Supplier<List<byte[]>> source;
    private volatile Map<String, SecretKeySpec> keys;

    /** @param source the raw keys, newest (the sealing key) first; called once, on first use */
    public VaultKeyring(Supplier<List<byte[]>> source) {
        this.source = Objects.requireNonNull(source, "source");
    }

    /** A keyring over keys already in memory (tests, and keys given in the environment). */
    public static VaultKeyring of(List<byte[]> keys) {
        List<byte[]> copy = keys.stream().map(byte[]::clone).toList();
        return new VaultKeyring(() -> copy);
    }

    /** A new random key. */
    public static byte[] newKey() {
        byte[] key = new byte[KEY_BYTES];
        RANDOM.nextBytes(key);
        return key;
    }

    /** The id of the key that seals. */
    public String currentId() {
        return keys().keySet().iterator().next();
    }

    /** The ids of every key, the sealing key first. */
    public List<String> ids() {
        return List.copyOf(keys().keySet());
    }

    /** A value sealed by one key: the key's id and base64 of nonce, ciphertext and tag. */
    public record Sealed(String keyId, String text) {
        @Override
        public String toString() {
            return "Sealed[" + keyId + "]";
        }
    }

    public Sealed seal(String tenant, String key, String plaintext) {
        Map.Entry<String, SecretKeySpec> current = keys().entrySet().iterator().next();
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, current.getValue(), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(associatedData(tenant, key));
            byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            byte[] out = new byte[NONCE_BYTES + sealed.length];
            System.arraycopy(nonce, 0, out, 0, NONCE_BYTES);
            System.arraycopy(sealed, 0, out, NONCE_BYTES, sealed.length);
            return new Sealed(current.getKey(), Base64.getEncoder().encodeToString(out));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot seal a vault value: " + e.getMessage(), e);
        }
    }

    /**
     * @throws IllegalStateException when the key that sealed the value is not in the keyring (the key
     *                               file was replaced or lost) or the value was tampered with
     */
    public String open(String tenant, String key, String keyId, String sealed) {
        SecretKeySpec spec = keys().get(keyId);
        if (spec == null) {
            throw new IllegalStateException("the vault value " + tenant + "/" + key + " was sealed by key " + keyId
                    + ", which is not in the vault keyring (keys: " + String.join(", ", ids()) + "); restore the key "
                    + "file (or STRATA_VAULT_KEY) that held it");
        }
        try {
            byte[] in = Base64.getDecoder().decode(sealed);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, spec, new GCMParameterSpec(TAG_BITS, in, 0, NONCE_BYTES));
            cipher.updateAAD(associatedData(tenant, key));
            return new String(cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException("the vault value " + tenant + "/" + key + " cannot be opened with key "
                    + keyId + " (tampered with, or sealed for another row)", e);
        }
    }

    /** The id of a raw key: the first 16 hex digits of SHA-256 over a label and the key. */
    public static String idOf(byte[] key) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update("strata-vault-key-id:".getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(sha.digest(key), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] associatedData(String tenant, String key) {
        return ("strata-vault:v1\u0000" + tenant + "\u0000" + key).getBytes(StandardCharsets.UTF_8);
    }

    private Map<String, SecretKeySpec> keys() {
        Map<String, SecretKeySpec> loaded = keys;
        if (loaded == null) {
            synchronized (this) {
                loaded = keys;
                if (loaded == null) {
                    List<byte[]> raw = new ArrayList<>(source.get());
                    if (raw.isEmpty()) {
                        throw new IllegalStateException("the vault keyring holds no key");
                    }
                    Map<String, SecretKeySpec> byId = new LinkedHashMap<>();
                    for (byte[] k : raw) {
                        if (k.length != KEY_BYTES) {
                            throw new IllegalStateException("a vault key must be " + KEY_BYTES + " bytes, not " + k.length);
                        }
                        byId.putIfAbsent(idOf(k), new SecretKeySpec(k.clone(), "AES"));
                    }
                    keys = loaded = Collections.unmodifiableMap(byId);
                }
            }
        }
        return loaded;
    }

    @Override
    public String toString() {
        return "VaultKeyring[" + (keys == null ? "not loaded" : String.join(", ", keys.keySet())) + "]";
    }
}
