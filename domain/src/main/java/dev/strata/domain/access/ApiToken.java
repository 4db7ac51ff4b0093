package dev.strata.domain.access;

import java.util.Base64;
import java.util.Objects;
import java.util.Optional;
import java.util.random.RandomGenerator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The secret a client presents: {@code sk_strata_<id>_<secret>}, where {@code secret} is 32 random
 * bytes in unpadded base64url. The prefix makes leaked tokens recognisable to secret scanners; the
 * embedded id lets the server find the one stored hash to compare with, instead of comparing against
 * every key.
 */
public record ApiToken(String id, String secret) {

    public static final String PREFIX = "sk_strata_";
    public static final int SECRET_BYTES = 32;

    private static final String ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
    private static final Pattern FORMAT = Pattern.compile("sk_strata_([a-z0-9]{12})_([A-Za-z0-9_-]{43})");

    public ApiToken {
        ApiKey.checkId(id);
        Objects.requireNonNull(secret, "secret");
        if (!FORMAT.matcher(PREFIX + id + "_" + secret).matches()) {
            throw new IllegalArgumentException("secret must be 43 base64url characters");
        }
    }

    /** A fresh token; {@code random} must be cryptographically strong outside tests. */
    public static ApiToken generate(RandomGenerator random) {
        StringBuilder id = new StringBuilder(12);
        for (int i = 0; i < 12; i++) {
            id.append(ID_ALPHABET.charAt(random.nextInt(ID_ALPHABET.length())));
        }
        byte[] bytes = new byte[SECRET_BYTES];
        random.nextBytes(bytes);
        return new ApiToken(id.toString(), Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    }

    /** Empty for anything that is not exactly a Strata token, so callers answer 401 without detail. */
    public static Optional<ApiToken> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = FORMAT.matcher(text.strip());
        return m.matches() ? Optional.of(new ApiToken(m.group(1), m.group(2))) : Optional.empty();
    }

    public String value() {
        return PREFIX + id + "_" + secret;
    }

    /** Keeps the secret out of logs and exception messages. */
    @Override
    public String toString() {
        return PREFIX + id + "_…";
    }
}
