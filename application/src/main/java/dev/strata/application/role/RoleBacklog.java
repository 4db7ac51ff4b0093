package dev.strata.application.role;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.ReflectionPolicy;
import dev.strata.domain.role.RoleDefinition;
import dev.strata.domain.role.RoleId;
import dev.strata.domain.role.RoleMemoryEntry;
import dev.strata.domain.role.RoleMemoryStore;
import dev.strata.domain.role.RoleRegistry;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What the doctor reports of role memory (spec 01's health report and its {@code reflect_pending}
 * action): per declared role and tenant, the pending entries, how many are older than the backlog age
 * (72 hours in the spec), how many are due now (a reflection run would judge them: past
 * {@code minAgeHours}, not past {@code maxAgeHours}), how many have expired (a run would skip them), and
 * why due entries are still pending (their notes: no model, budget spent, a probe that failed). Read-only.
 */
public final class RoleBacklog {

    /** The most pending entries one role and tenant are scanned for; past it the counts say "at least". */
    public static final int SCAN_LIMIT = 10_000;
    /** The most distinct reasons one row repeats. */
    static final int MAX_REASONS = 3;

    private final RoleRegistry registry;
    private final RoleMemoryStore store;
    private final Clock clock;

    public RoleBacklog(RoleRegistry registry, RoleMemoryStore store, Clock clock) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * One role's pending entries in one tenant.
     *
     * @param olderThanBacklog pending entries created more than the backlog age ago
     * @param due              entries a reflection would judge now: the {@code reflect_pending} work
     * @param expired          entries past the role's {@code maxAgeHours}: a reflection would skip them
     * @param truncated        more than {@link #SCAN_LIMIT} pending entries: the counts are lower bounds
     * @param reasons          the distinct notes of the due entries (why they are not reflected yet)
     */
    public record Row(Tenant tenant, RoleId role, int pending, int olderThanBacklog, int due, int expired,
                      boolean truncated, List<String> reasons) {
        public Row {
            Objects.requireNonNull(tenant, "tenant");
            Objects.requireNonNull(role, "role");
            reasons = List.copyOf(reasons);
        }
    }

    /** Every declared role with pending entries, per tenant, in role-id then tenant order. */
    public List<Row> rows(Duration backlogAge) {
        Objects.requireNonNull(backlogAge, "backlogAge");
        Instant now = clock.instant();
        Instant cutoff = now.minus(backlogAge);
        List<Row> rows = new ArrayList<>();
        for (RoleDefinition role : registry.all()) {
            ReflectionPolicy policy = role.policy();
            for (Tenant tenant : store.tenantsWithPending(role.id())) {
                List<RoleMemoryEntry> pending = store.pending(tenant, role.id(), java.util.Optional.empty(),
                        SCAN_LIMIT + 1);
                boolean truncated = pending.size() > SCAN_LIMIT;
                List<RoleMemoryEntry> scanned = truncated ? pending.subList(0, SCAN_LIMIT) : pending;
                int older = 0;
                int due = 0;
                int expired = 0;
                Set<String> reasons = new LinkedHashSet<>();
                for (RoleMemoryEntry e : scanned) {
                    if (e.createdAt().isBefore(cutoff)) {
                        older++;
                    }
                    switch (policy.ageOf(e.createdAt(), now)) {
                        case DUE -> {
                            due++;
                            if (reasons.size() < MAX_REASONS) {
                                e.note().ifPresent(reasons::add);
                            }
                        }
                        case EXPIRED -> expired++;
                        case TOO_YOUNG -> { }
                    }
                }
                rows.add(new Row(tenant, role.id(), scanned.size(), older, due, expired, truncated,
                        List.copyOf(reasons)));
            }
        }
        return rows;
    }
}
