package dev.strata.application.role;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.PriceFeed;
import dev.strata.domain.role.PricePoint;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * Asks feeds in order (pushed prices first, then a configured endpoint) and answers with the first
 * price found. A feed that fails is passed over; when no feed had a price and one of them failed, the
 * failure is reported (the failed feed might have had it), so the entry waits with the reason. Prices found by a feed other than the first are announced to
 * {@code fetched} (the {@code on_price_fetch} trigger), off the caller's path.
 */
public final class FallbackPriceFeed implements PriceFeed {

    private final List<PriceFeed> feeds;
    private final BiConsumer<Tenant, PricePoint> fetched;

    public FallbackPriceFeed(List<PriceFeed> feeds, BiConsumer<Tenant, PricePoint> fetched) {
        this.feeds = List.copyOf(feeds);
        if (this.feeds.isEmpty()) {
            throw new IllegalArgumentException("at least one price feed");
        }
        this.fetched = fetched;
    }

    public FallbackPriceFeed(List<PriceFeed> feeds) {
        this(feeds, (tenant, point) -> { });
    }

    @Override
    public Optional<PricePoint> priceAt(Tenant tenant, Asset asset, Instant at) {
        RuntimeException failure = null;
        for (int i = 0; i < feeds.size(); i++) {
            try {
                Optional<PricePoint> found = feeds.get(i).priceAt(tenant, asset, at);
                if (found.isPresent()) {
                    if (i > 0) {
                        fetched.accept(tenant, found.get());
                    }
                    return found;
                }
            } catch (RuntimeException e) {
                failure = e;
            }
        }
        if (failure != null) {
            throw failure instanceof UnavailableException u ? u
                    : new UnavailableException("the price feed failed: " + failure.getMessage(), failure);
        }
        return Optional.empty();
    }
}
