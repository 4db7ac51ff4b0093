package dev.strata.application.fact;

import dev.strata.domain.fact.Fact;

import java.util.Objects;

/** Event ({@code fact:recorded}): a pending fact was committed and waits for consolidation. */
public record FactRecorded(Fact fact) {

    public FactRecorded {
        Objects.requireNonNull(fact, "fact");
    }
}
