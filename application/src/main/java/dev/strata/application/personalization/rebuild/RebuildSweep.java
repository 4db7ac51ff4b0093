package dev.strata.application.personalization.rebuild;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.ProfileRef;
import dev.strata.domain.personalization.RebuildKind;
import dev.strata.domain.personalization.UserId;

import java.time.Clock;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The heartbeat of spec 04: visits every user a flow may be due for and lets the flow's own cooldown
 * decide. Memories: every user holding chat messages. Trading summary and tags: every profile row
 * whose cooldown has passed. Markets (a separate, daily sweep): every profile row, and the default
 * user of every tenant holding perps fills. One user's failure never stops the sweep.
 */
public final class RebuildSweep {

    private static final System.Logger LOG = System.getLogger(RebuildSweep.class.getName());
    /** Rows visited per flow and sweep; the next sweep takes the rest. */
    static final int BATCH = 1_000;

    private final PersonalizationRebuilder rebuilder;
    private final RebuildPorts ports;
    private final Clock clock;

    public RebuildSweep(PersonalizationRebuilder rebuilder, RebuildPorts ports, Clock clock) {
        this.rebuilder = Objects.requireNonNull(rebuilder, "rebuilder");
        this.ports = Objects.requireNonNull(ports, "ports");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** What a sweep did: per flow, how many users ended in each status. */
    public record Report(Map<RebuildOutcome.Status, Integer> memories, Map<RebuildOutcome.Status, Integer> tradingSummary,
                         Map<RebuildOutcome.Status, Integer> tags) {
    }

    /** The three model-backed flows for everyone they may be due for. */
    public Report sweep() {
        if (!rebuilder.settings().enabled()) {
            return new Report(Map.of(), Map.of(), Map.of());
        }
        Map<RebuildOutcome.Status, Integer> memories = new EnumMap<>(RebuildOutcome.Status.class);
        for (Tenant tenant : ports.conversations().tenants()) {
            for (UserId user : ports.conversations().users(tenant)) {
                count(memories, run(tenant, user, (ref) -> rebuilder.rebuildMemories(tenant, user, false)));
            }
        }
        Map<RebuildOutcome.Status, Integer> trading = sweepDue(RebuildKind.TRADING_SUMMARY,
                ref -> rebuilder.rebuildTradingSummary(ref.tenant(), ref.user(), false));
        Map<RebuildOutcome.Status, Integer> tags = sweepDue(RebuildKind.TAGS,
                ref -> rebuilder.rebuildTags(ref.tenant(), ref.user(), false));
        return new Report(memories, trading, tags);
    }

    /** The daily markets update for every profile row and every tenant holding perps fills. */
    public int sweepMarkets() {
        Set<ProfileRef> users = new LinkedHashSet<>();
        Optional<ProfileRef> after = Optional.empty();
        List<ProfileRef> page;
        do {
            page = rebuilder.profiles().profiles(after, BATCH);
            users.addAll(page);
            after = page.isEmpty() ? after : Optional.of(page.getLast());
        } while (page.size() == BATCH);
        for (Tenant tenant : ports.fills().tenants()) {
            users.add(new ProfileRef(tenant, UserId.DEFAULT));
        }
        int updated = 0;
        for (ProfileRef ref : users) {
            RebuildOutcome outcome = run(ref.tenant(), ref.user(), r -> rebuilder.updateMarkets(ref.tenant(), ref.user(),
                    false));
            updated += outcome.status() == RebuildOutcome.Status.REBUILT ? 1 : 0;
        }
        return updated;
    }

    private Map<RebuildOutcome.Status, Integer> sweepDue(RebuildKind kind, Function<ProfileRef, RebuildOutcome> flow) {
        Map<RebuildOutcome.Status, Integer> counts = new EnumMap<>(RebuildOutcome.Status.class);
        for (ProfileRef ref : rebuilder.profiles().due(kind, clock.instant(), BATCH)) {
            count(counts, run(ref.tenant(), ref.user(), flow));
        }
        return counts;
    }

    private static RebuildOutcome run(Tenant tenant, UserId user, Function<ProfileRef, RebuildOutcome> flow) {
        try {
            return flow.apply(new ProfileRef(tenant, user));
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "rebuild failed for " + tenant + "/" + user, e);
            return RebuildOutcome.failed("sweep", String.valueOf(e.getMessage()));
        }
    }

    private static void count(Map<RebuildOutcome.Status, Integer> counts, RebuildOutcome outcome) {
        counts.merge(outcome.status(), 1, Integer::sum);
    }
}
