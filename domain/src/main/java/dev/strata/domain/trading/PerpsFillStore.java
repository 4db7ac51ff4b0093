package dev.strata.domain.trading;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.List;

/**
 * Driven port: the {@code perps_fills} mirror. Rows are never updated: a fill is the upstream's
 * fact, and a re-sent one (same sub-account and fill uid) is ignored.
 */
public interface PerpsFillStore {

    /**
     * Inserts the fills in one transaction, skipping every one whose (sub-account, fill uid) the
     * tenant already holds or that repeats an earlier one of the batch. Returns how many were new.
     * Every fill must belong to {@code tenant}.
     */
    int insertAll(Tenant tenant, List<PerpsFill> fills, Instant now);

    /** Fills with {@code id > afterId}, oldest row first, at most {@code limit} (the summary's scan). */
    List<StoredPerpsFill> after(Tenant tenant, long afterId, int limit);

    long countAfter(Tenant tenant, long afterId);

    /** The newest fills (by upstream time) of one symbol, compared case-insensitively. */
    List<StoredPerpsFill> recent(Tenant tenant, String symbol, int limit);

    /**
     * The fills since {@code since} grouped by (symbol, side, dir), counting those that realised P&L
     * and those that realised more than zero: everything the trading profile needs, in as few rows
     * as the user has distinct kinds of fills.
     */
    List<FillAggregate> aggregate(Tenant tenant, Instant since);

    /** The distinct symbols traded since {@code since} (the markets updater's input). */
    List<String> symbolsSince(Tenant tenant, Instant since);

    /** Tenants holding at least one fill (the markets updater's list). */
    List<Tenant> tenants();
}
