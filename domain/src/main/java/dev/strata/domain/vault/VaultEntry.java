package dev.strata.domain.vault;

import dev.strata.domain.error.InvalidInputException;

import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One vault value: machine-consumed state or a credential, read by key, never injected into a
 * prompt and never searchable (spec 02, "Memory vs Vault").
 *
 * @param secret whether the value is a credential: registered with the {@link CredentialScrubber}
 *               and redacted from every output except an explicit read of its key
 */
public record VaultEntry(String key, String value, boolean secret, Instant updatedAt) {

    /** Letters (either case, so {@code OPENAI_API_KEY} works), digits, '.', '_', ':' and '-'; at most 128. */
    public static final Pattern KEY = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}");
    public static final int MAX_VALUE_CHARS = 16_384;

    public VaultEntry {
        key = checkKey(key);
        value = checkValue(value, secret);
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    public static String checkKey(String key) {
        if (key == null || !KEY.matcher(key).matches()) {
            throw new InvalidInputException("key",
                    "must be 1-128 characters: letters, digits, '.', '_', ':' or '-', starting with a letter or digit");
        }
        return key;
    }

    /**
     * Values are kept byte for byte (a PEM key needs its newlines). A secret must be long enough to
     * redact (counted on the normalised form the scrubber matches, so whitespace does not count): a short one ("1234", "true") would either leak unredacted or, if redacted, black out
     * every ordinary occurrence of those characters in every output.
     */
    public static String checkValue(String value, boolean secret) {
        if (value == null || value.isEmpty()) {
            throw new InvalidInputException("value", "must not be empty");
        }
        if (value.length() > MAX_VALUE_CHARS) {
            throw new InvalidInputException("value", "must be at most " + MAX_VALUE_CHARS + " characters");
        }
        if (secret && !CredentialScrubber.isLongEnough(value)) {
            throw new InvalidInputException("value", "a secret must be at least " + CredentialScrubber.MIN_SECRET_CHARS
                    + " characters, not counting whitespace (shorter ones cannot be redacted safely); store it with "
                    + "is_secret=false");
        }
        return value;
    }

    /** Never prints a secret's value, so an entry logged by mistake leaks nothing. */
    @Override
    public String toString() {
        return "VaultEntry[" + key + ", secret=" + secret + (secret ? "" : ", value=" + value) + "]";
    }
}
