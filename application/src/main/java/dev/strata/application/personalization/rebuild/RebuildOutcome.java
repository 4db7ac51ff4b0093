package dev.strata.application.personalization.rebuild;

import java.util.Locale;
import java.util.Objects;

/**
 * What one flow did for one user: rebuilt (with how many rows it wrote), skipped (switched off, no
 * model, cooling down, nothing new) or failed (the model or the store; every cursor stayed), and in
 * words what and why.
 */
public record RebuildOutcome(String flow, Status status, String detail, int written) {

    public static final String MEMORIES = "memories";
    public static final String TRADING_SUMMARY = "trading_summary";
    public static final String TAGS = "tags";
    public static final String MARKETS = "markets";

    public enum Status {
        REBUILT, SKIPPED, FAILED;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public RebuildOutcome {
        Objects.requireNonNull(flow, "flow");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(detail, "detail");
        if (written < 0) {
            throw new IllegalArgumentException("written must not be negative");
        }
    }

    static RebuildOutcome rebuilt(String flow, int written, String detail) {
        return new RebuildOutcome(flow, Status.REBUILT, detail, written);
    }

    static RebuildOutcome skipped(String flow, String detail) {
        return new RebuildOutcome(flow, Status.SKIPPED, detail, 0);
    }

    static RebuildOutcome failed(String flow, String detail) {
        return new RebuildOutcome(flow, Status.FAILED, detail, 0);
    }
}
