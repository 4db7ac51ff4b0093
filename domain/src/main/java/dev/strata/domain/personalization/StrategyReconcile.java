package dev.strata.domain.personalization;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The reconcile rule of spec 04: a running run whose strategy is no longer in the upstream running
 * set stopped where the agent could not see it, and is closed as {@link StopReason#OTHER} — unless it
 * started less than the grace window ago, since a just-enabled strategy may not show as running yet.
 * A run exactly {@code grace} old is past the window.
 */
public final class StrategyReconcile {

    private StrategyReconcile() {
    }

    /** The runs to close, in the order given. */
    public static List<StrategyRun> toClose(Collection<StrategyRun> running, Set<StrategyId> upstreamRunning,
                                            Instant now, Duration grace) {
        Objects.requireNonNull(upstreamRunning, "upstreamRunning");
        if (grace.isNegative()) {
            throw new IllegalArgumentException("grace must not be negative");
        }
        return running.stream()
                .filter(StrategyRun::running)
                .filter(r -> !upstreamRunning.contains(r.strategy()))
                .filter(r -> !r.startedAt().plus(grace).isAfter(now))
                .toList();
    }
}
