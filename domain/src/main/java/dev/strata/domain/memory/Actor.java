package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Who made a write (spec 02's {@code updated_by}): an agent or session id the caller names, or the
 * API key that made the request when it names none, or one of Strata's own jobs. Recorded on the
 * memory row it changed and on the audit entry.
 *
 * <p>A caller names itself with the {@code X-Strata-Actor} header; the name is a claim, so the key
 * that made the request is kept beside it ({@code keyId}), and the names Strata gives itself
 * ({@code key:...}, {@code system:...}, {@code cli:...}, {@code unknown}, {@code anonymous},
 * {@code redacted}) cannot
 * be claimed: a header cannot pass for another key or for a job.
 *
 * @param id    what {@code updated_by} and the audit log's {@code actor} show
 * @param keyId the API key that vouched for the request, when authentication was on
 */
public record Actor(String id, Optional<String> keyId) {

    /** Longest actor id: an agent or session id, never free text. */
    public static final int MAX_LENGTH = 128;
    /** Letters, digits and {@code . _ : @ / + = -}, starting with a letter or digit. */
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:@/+=-]{0," + (MAX_LENGTH - 1) + "}");
    private static final Pattern KEY_ID = Pattern.compile("[a-z0-9]{12}");
    private static final List<String> RESERVED_PREFIXES = List.of("key:", "system:", "cli:");
    private static final List<String> RESERVED = List.of("unknown", "anonymous", "redacted");

    /** Rows and entries written before actors were recorded. */
    public static final Actor UNKNOWN = new Actor("unknown", Optional.empty());
    /** A request that named no actor and presented no key (authentication off). */
    public static final Actor ANONYMOUS = new Actor("anonymous", Optional.empty());

    public Actor {
        if (id == null || !ID.matcher(id).matches()) {
            throw new InvalidInputException("actor", "must be 1 to " + MAX_LENGTH + " characters: letters, digits or "
                    + ". _ : @ / + = -, starting with a letter or digit");
        }
        Objects.requireNonNull(keyId, "keyId");
        keyId.ifPresent(k -> {
            if (!KEY_ID.matcher(k).matches()) {
                throw new IllegalArgumentException("keyId must be an API key id");
            }
        });
    }

    /**
     * The actor a caller names (the {@code X-Strata-Actor} header), vouched for by its key if it
     * presented one. Strata's own names are refused, so a header cannot pass for a key or a job.
     */
    public static Actor claimed(String name, Optional<String> keyId) {
        String stripped = name == null ? "" : name.strip();
        Actor actor = new Actor(stripped, keyId);
        String lower = stripped.toLowerCase(java.util.Locale.ROOT);
        if (RESERVED.contains(lower) || RESERVED_PREFIXES.stream().anyMatch(lower::startsWith)) {
            throw new InvalidInputException("actor", "'" + stripped + "' is a name Strata gives itself ("
                    + String.join(", ", RESERVED_PREFIXES) + "...): name the agent or session instead");
        }
        return actor;
    }

    /** A request that named no actor: the API key that made it. */
    public static Actor apiKey(String keyId) {
        return new Actor("key:" + keyId, Optional.of(keyId));
    }

    /** One of Strata's own jobs, such as {@code system:purge}. */
    public static Actor system(String job) {
        return new Actor("system:" + job, Optional.empty());
    }

    /** The operator at the command line, by the operating-system user when it is a usable name. */
    public static Actor cli(String user) {
        String safe = user == null ? "" : user.replaceAll("[^A-Za-z0-9._@+=-]", "_");
        safe = safe.isEmpty() ? "operator" : safe;
        String id = "cli:" + safe;
        return new Actor(id.length() > MAX_LENGTH ? id.substring(0, MAX_LENGTH) : id, Optional.empty());
    }

    @Override
    public String toString() {
        return id;
    }
}
