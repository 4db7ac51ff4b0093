package dev.strata.domain.personalization;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The three cooldown cursors: the earliest time each rebuild may run again; empty means "due now"
 * (never run).
 */
public record RebuildSchedule(Optional<Instant> tradingSummaryNextUpdate, Optional<Instant> tagsNextUpdate,
                              Optional<Instant> memoriesNextUpdate) {

    public static final RebuildSchedule NEVER_RUN = new RebuildSchedule(Optional.empty(), Optional.empty(),
            Optional.empty());

    public RebuildSchedule {
        Objects.requireNonNull(tradingSummaryNextUpdate, "tradingSummaryNextUpdate");
        Objects.requireNonNull(tagsNextUpdate, "tagsNextUpdate");
        Objects.requireNonNull(memoriesNextUpdate, "memoriesNextUpdate");
    }

    public Optional<Instant> nextUpdate(RebuildKind kind) {
        return switch (kind) {
            case TRADING_SUMMARY -> tradingSummaryNextUpdate;
            case TAGS -> tagsNextUpdate;
            case MEMORIES -> memoriesNextUpdate;
        };
    }

    /** True when {@code kind} may run at {@code now}: never run, or its cooldown has passed. */
    public boolean isDue(RebuildKind kind, Instant now) {
        return nextUpdate(kind).map(next -> !next.isAfter(now)).orElse(true);
    }

    public RebuildSchedule with(RebuildKind kind, Instant next) {
        Optional<Instant> n = Optional.of(next);
        return switch (kind) {
            case TRADING_SUMMARY -> new RebuildSchedule(n, tagsNextUpdate, memoriesNextUpdate);
            case TAGS -> new RebuildSchedule(tradingSummaryNextUpdate, n, memoriesNextUpdate);
            case MEMORIES -> new RebuildSchedule(tradingSummaryNextUpdate, tagsNextUpdate, n);
        };
    }
}
