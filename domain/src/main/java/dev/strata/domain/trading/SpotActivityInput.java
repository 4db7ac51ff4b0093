package dev.strata.domain.trading;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** A spot activity as it arrives (pushed or pulled); {@link #toActivity} checks it. */
public record SpotActivityInput(Optional<String> txHash, Optional<Long> tsMs, Optional<String> type,
                                Optional<String> fromToken, Optional<String> toToken, Optional<String> amount,
                                Optional<BigDecimal> valueUsd, Optional<String> status, Optional<String> rawJson) {

    public SpotActivityInput {
        Objects.requireNonNull(txHash, "txHash");
        Objects.requireNonNull(tsMs, "tsMs");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(fromToken, "fromToken");
        Objects.requireNonNull(toToken, "toToken");
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(valueUsd, "valueUsd");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(rawJson, "rawJson");
    }

    public SpotActivity toActivity(Tenant tenant) {
        long ms = tsMs.orElseThrow(() -> new InvalidInputException("ts_ms", "is required"));
        if (ms < 0) {
            throw new InvalidInputException("ts_ms", "must not be negative");
        }
        return new SpotActivity(tenant, txHash.orElseThrow(() -> new InvalidInputException("tx_hash", "is required")),
                Instant.ofEpochMilli(ms), type.orElse(null), fromToken, toToken, amount, valueUsd,
                status.orElse("completed"), rawJson);
    }
}
