package dev.strata.domain.trading;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Driven port: where the off-agent history comes from (the spec's Minara history API). Each fetch
 * answers one page, oldest first from {@code since} (inclusive), and a cursor for the next page
 * when there is more. Failures are {@link dev.strata.domain.error.UnavailableException}s.
 */
public interface TradeHistorySource {

    /** False when no source is configured; the sync then does nothing and says so. */
    boolean isEnabled();

    /** The tenant's perps sub-accounts, each synced under its own watermark. */
    List<SubAccountId> subAccounts(Tenant tenant);

    Page<FillInput> perpsFills(Tenant tenant, SubAccountId subAccount, Optional<Instant> since, Optional<String> cursor);

    Page<SpotActivityInput> spotActivities(Tenant tenant, Optional<Instant> since, Optional<String> cursor);

    /** One page; {@code nextCursor} present when there is another. */
    record Page<T>(List<T> items, Optional<String> nextCursor) {
        public Page {
            items = List.copyOf(items);
            Objects.requireNonNull(nextCursor, "nextCursor");
        }

        public static <T> Page<T> last(List<T> items) {
            return new Page<>(items, Optional.empty());
        }
    }
}
