package dev.strata.domain.trading;

import dev.strata.domain.error.InvalidInputException;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;

/**
 * A fill's dedup key within its sub-account (spec 01). One order id ({@code oid}) can have several
 * partial fills, so the key is fill-level, in this priority: the trade id {@code tid}, else the
 * fill's {@code hash}, else the SHA-1 of the raw JSON. Each kind carries its prefix, so a tid can
 * never collide with a hash that happens to spell the same text.
 */
public record FillUid(String value) {

    static final int MAX_CHARS = 200;

    public FillUid {
        Objects.requireNonNull(value, "value");
        if (value.isBlank() || value.length() > MAX_CHARS) {
            throw new InvalidInputException("fill_uid", "must be 1-" + MAX_CHARS + " characters");
        }
    }

    /** @param raw the upstream's raw JSON of the fill (or, when it sent none, a canonical text of its fields) */
    public static FillUid derive(Optional<String> tid, Optional<String> hash, String raw) {
        Optional<String> t = tid.map(String::strip).filter(s -> !s.isEmpty());
        if (t.isPresent()) {
            return new FillUid("tid:" + Text.token("tid", t.get(), 128));
        }
        Optional<String> h = hash.map(String::strip).filter(s -> !s.isEmpty());
        if (h.isPresent()) {
            return new FillUid("hash:" + Text.token("hash", h.get(), 128));
        }
        return new FillUid("sha1:" + sha1(Objects.requireNonNull(raw, "raw")));
    }

    private static String sha1(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK provides SHA-1", e);
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
