package dev.strata.application.trading;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.FillInput;
import dev.strata.domain.trading.SpotActivityInput;
import dev.strata.domain.trading.SubAccountId;
import dev.strata.domain.trading.TradeHistorySource;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A history source that serves pages from memory (pageSize per page, oldest first from {@code since},
 * cursor = next index) and fails for the sub-accounts a test marks down. Records every fetch.
 */
final class ScriptedHistorySource implements TradeHistorySource {

    record Fetch(String what, Optional<Instant> since, Optional<String> cursor) {
    }

    final Map<String, List<FillInput>> fills = new HashMap<>();
    final List<SpotActivityInput> spot = new ArrayList<>();
    final Set<String> down = new HashSet<>();
    final List<Fetch> fetches = new ArrayList<>();
    List<String> subAccounts = new ArrayList<>();
    boolean listingDown;
    /** Every page after the first fails, as a connection reset mid-way would. */
    boolean followingPagesFail;
    int pageSize = 2;

    @Override
    public boolean isEnabled() {
        return true;
    }

    @Override
    public synchronized List<SubAccountId> subAccounts(Tenant tenant) {
        if (listingDown) {
            throw new UnavailableException("sub-account list: HTTP 503");
        }
        return subAccounts.stream().map(SubAccountId::of).toList();
    }

    @Override
    public synchronized Page<FillInput> perpsFills(Tenant tenant, SubAccountId sub, Optional<Instant> since,
                                                   Optional<String> cursor) {
        fetches.add(new Fetch("fills/" + sub.value(), since, cursor));
        if (down.contains(sub.value())) {
            throw new UnavailableException("history source answered HTTP 502 for " + sub.value());
        }
        if (followingPagesFail && cursor.isPresent()) {
            throw new UnavailableException("connection reset");
        }
        List<FillInput> all = fills.getOrDefault(sub.value(), List.of()).stream()
                .filter(f -> since.isEmpty() || f.tsMs().orElse(0L) >= since.get().toEpochMilli()).toList();
        return page(all, cursor);
    }

    @Override
    public synchronized Page<SpotActivityInput> spotActivities(Tenant tenant, Optional<Instant> since,
                                                              Optional<String> cursor) {
        fetches.add(new Fetch("spot", since, cursor));
        if (down.contains("spot")) {
            throw new UnavailableException("spot history down");
        }
        List<SpotActivityInput> all = spot.stream()
                .filter(a -> since.isEmpty() || a.tsMs().orElse(0L) >= since.get().toEpochMilli()).toList();
        return page(all, cursor);
    }

    private <T> Page<T> page(List<T> all, Optional<String> cursor) {
        int from = cursor.map(Integer::parseInt).orElse(0);
        int to = Math.min(all.size(), from + pageSize);
        return new Page<>(all.subList(from, to), to < all.size() ? Optional.of(Integer.toString(to)) : Optional.empty());
    }

    long fetchesOf(String what) {
        return fetches.stream().filter(f -> f.what().equals(what)).count();
    }
}
