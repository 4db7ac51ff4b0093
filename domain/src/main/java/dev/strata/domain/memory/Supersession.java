package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;

import java.util.Objects;

/**
 * Why and what an entry replaced (spec 02): the previous entry of the same key and the reason it was
 * wrong or outdated. Reasons are part of the searchable record ("we thought X but actually Y").
 */
public record Supersession(MemoryId previous, String reason) {

    /** spec 02's soft supersede: a trivial correction (typo, formatting) with the same mechanics. */
    public static final String MINOR_CORRECTION = "minor correction";
    public static final int MAX_REASON_CHARS = 1_000;

    public Supersession {
        Objects.requireNonNull(previous, "previous");
        reason = checkReason(reason);
    }

    public static String checkReason(String reason) {
        if (reason == null || reason.isBlank()) {
            throw new InvalidInputException("supersede_reason", "must not be blank");
        }
        String r = reason.strip();
        if (r.length() > MAX_REASON_CHARS) {
            throw new InvalidInputException("supersede_reason", "must be at most " + MAX_REASON_CHARS + " characters");
        }
        return r;
    }

    public boolean isMinorCorrection() {
        return reason.equalsIgnoreCase(MINOR_CORRECTION);
    }
}
