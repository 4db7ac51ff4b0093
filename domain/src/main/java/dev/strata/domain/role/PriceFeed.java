package dev.strata.domain.role;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Optional;

/**
 * Driven port: where the {@code price_delta} probe reads prices. Read-only: asking for a price
 * never writes anything.
 */
public interface PriceFeed {

    /**
     * The price of {@code asset} at (or close enough to) {@code at}; empty when the feed has none.
     *
     * @throws dev.strata.domain.error.UnavailableException when the feed cannot answer now
     */
    Optional<PricePoint> priceAt(Tenant tenant, Asset asset, Instant at);
}
