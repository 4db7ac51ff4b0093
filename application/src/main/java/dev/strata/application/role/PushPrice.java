package dev.strata.application.role;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** A price an agent reports: the asset, the price, when it was quoted (now when absent) and where it came from. */
public record PushPrice(String asset, BigDecimal price, Optional<Instant> at, Optional<String> source) {

    public PushPrice {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(source, "source");
    }
}
