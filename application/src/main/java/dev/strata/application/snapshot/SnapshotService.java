package dev.strata.application.snapshot;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.fact.Fact;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.CategoryFilter;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.MemoryStore;
import dev.strata.domain.memory.MemoryType;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.profile.ProfileEntry;
import dev.strata.domain.profile.UserProfileStore;
import dev.strata.domain.snapshot.MemoryContextBlock;
import dev.strata.domain.snapshot.SnapshotExplanation;
import dev.strata.domain.vault.CredentialScrubber;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Loads a tenant's snapshot: the user profile and the injected memories, rendered as the fenced
 * {@code <memory-context>} block a session freezes into its prompt.
 *
 * <p>One injection policy serves both specs ({@link dev.strata.domain.snapshot.InjectionTier}). In
 * order: every active {@code identity} entry (spec 02: first, never dropped); then {@code lesson}
 * entries; then spec 01's user-stated categories ({@code preference}, {@code personalization}, which
 * spec 04 loads with higher priority); then {@code decision}, then {@code context}; then every other
 * injectable category (observation, trade_outcome, alert, fact, custom ones); each tier newest first
 * by {@code updated_at}. {@code reference} and {@code historical} are search-only. The block holds at most
 * {@code cap} entries (50 by default) unless identities alone exceed it; entries beyond the cap are
 * not injected but keep their type and stay searchable. At 80% of the cap a warning is logged and
 * counted. The general fact layer's active facts, when wired, follow the memories as {@code [fact]}
 * lines (oldest first, so a new fact only appends).
 */
public final class SnapshotService {

    /** spec 01: 50 memories at about 80 tokens each fits the cacheable block without dominating it. */
    public static final int DEFAULT_MEMORY_LIMIT = 50;
    /** A guard against a runaway identity tier; identities are otherwise never dropped. */
    static final int MAX_IDENTITIES = 500;
    static final Duration WARNING_INTERVAL = Duration.ofMinutes(10);
    /** Entries beyond the cap an explanation lists (the total is always given). */
    public static final int LEFT_OUT_LISTED = 100;

    private static final System.Logger LOG = System.getLogger(SnapshotService.class.getName());
    private static final CategoryFilter INJECTABLE = new CategoryFilter.Excluding(MemoryType.SEARCH_ONLY);

    private final MemoryStore memories;
    private final UserProfileStore profile;
    private final int cap;
    private final Clock clock;
    private final AtomicLong warnings = new AtomicLong();
    private final Map<Tenant, Instant> lastWarned = new ConcurrentHashMap<>();
    private final Function<Tenant, List<Fact>> facts;
    private final Optional<BiFunction<Tenant, Instant, List<Fact>>> factsAsOf;
    private final InjectionSelection selection;
    private final CredentialScrubber scrubber;

    public SnapshotService(MemoryStore memories, UserProfileStore profile, int cap, Clock clock) {
        this(memories, profile, cap, clock, tenant -> List.of(), new CredentialScrubber(),
                Optional.of((tenant, at) -> List.of()));
    }

    /** @param facts the tenant's active facts in render order (the fact layer gives them oldest first) */
    public SnapshotService(MemoryStore memories, UserProfileStore profile, int cap, Clock clock,
                           Function<Tenant, List<Fact>> facts) {
        this(memories, profile, cap, clock, facts, new CredentialScrubber());
    }

    /**
     * @param scrubber the vault's scrubber: stored text is redacted when written, and the rendered block
     *                 is scrubbed once more, so text written before its secret was registered and not yet
     *                 swept cannot reach a prompt either
     */
    public SnapshotService(MemoryStore memories, UserProfileStore profile, int cap, Clock clock,
                           Function<Tenant, List<Fact>> facts, CredentialScrubber scrubber) {
        this(memories, profile, cap, clock, facts, scrubber, Optional.empty());
    }

    /**
     * @param factsAsOf the facts that were active at an instant, in render order; without it a snapshot as of an
     *                  instant is unavailable (the facts it would show are not known)
     */
    public SnapshotService(MemoryStore memories, UserProfileStore profile, int cap, Clock clock,
                           Function<Tenant, List<Fact>> facts, CredentialScrubber scrubber,
                           Optional<BiFunction<Tenant, Instant, List<Fact>>> factsAsOf) {
        this.factsAsOf = Objects.requireNonNull(factsAsOf, "factsAsOf");
        this.scrubber = Objects.requireNonNull(scrubber, "scrubber");
        if (cap < 1) {
            throw new IllegalArgumentException("cap must be positive");
        }
        this.memories = memories;
        this.profile = profile;
        this.cap = cap;
        this.clock = clock;
        this.facts = Objects.requireNonNull(facts, "facts");
        this.selection = new InjectionSelection(memories, cap, MAX_IDENTITIES);
    }

    public String render(Tenant tenant) {
        return compose(tenant, true, 0).text();
    }

    /**
     * The block without its User Profile section, for a session prompt: the prompt's personalization
     * block already gives the profile, reconciled with the workspace's ground truth, and a second,
     * unreconciled copy would state an overruled value as plain fact (and cost its tokens twice).
     */
    public String renderWithoutProfile(Tenant tenant) {
        return compose(tenant, false, 0).text();
    }

    /**
     * {@code GET /v1/snapshot?as_of=T}: the block as the injection policy would have built it at
     * {@code at} from the memories and facts active then (see {@link Memory#asOf} and the fact
     * layer's {@code activeAsOf}). The user profile keeps no history, so this block has no profile
     * section; memories edited in place since show their current text; the cap and tiers are
     * today's.
     */
    public String renderAsOf(Tenant tenant, Instant at) {
        BiFunction<Tenant, Instant, List<Fact>> shownFacts = factsAsOf.orElseThrow(() -> new UnavailableException(
                "a snapshot as of an instant needs the fact layer's history, which this server does not wire"));
        InjectionSelection.Selection chosen = selection.select(tenant, 0, Optional.of(at));
        return scrubber.redactFor(tenant, MemoryContextBlock.render(List.of(), chosen.memories(),
                shownFacts.apply(tenant, at)));
    }

    /** The memories a snapshot injects, in injection order. */
    public List<Memory> injected(Tenant tenant) {
        List<Memory> out = selection.select(tenant, 0).memories();
        warnIfNearCap(tenant, out.size());
        return out;
    }

    /** {@code GET /v1/snapshot/explain}: each line of {@link #render}'s block and what the budget left out. */
    public SnapshotExplanation explain(Tenant tenant) {
        return explanation(tenant, compose(tenant, true, LEFT_OUT_LISTED));
    }

    /**
     * A session's memory context, frozen with its explanation: the block without the profile (see
     * {@link #renderWithoutProfile}), or no text at all when it would show no entry, since a prompt
     * block with nothing to show is left out.
     */
    public ExplainedSnapshot forSession(Tenant tenant) {
        Composed composed = compose(tenant, false, LEFT_OUT_LISTED);
        if (composed.chosen().placed().isEmpty() && composed.facts().isEmpty()) {
            composed = new Composed("", List.of(), composed.chosen(), List.of());
        }
        return new ExplainedSnapshot(composed.text(), explanation(tenant, composed), composed.chosen().memories().stream()
                .map(Memory::id).collect(Collectors.toUnmodifiableSet()));
    }

    /**
     * The block from one read of the state, with the inputs it was rendered from, so an explanation
     * is matched line by line to the very text it explains.
     *
     * @param leftOutWanted how many entries beyond the cap to list (0 for a plain render)
     */
    private Composed compose(Tenant tenant, boolean withProfile, int leftOutWanted) {
        List<ProfileEntry> shownProfile = withProfile ? profile.all(tenant) : List.of();
        InjectionSelection.Selection chosen = selection.select(tenant, leftOutWanted);
        warnIfNearCap(tenant, chosen.placed().size());
        List<Fact> shownFacts = facts.apply(tenant);
        // Scrubbed once more as a whole: text written before its secret was registered and not yet swept.
        String text = scrubber.redactFor(tenant, MemoryContextBlock.render(shownProfile, chosen.memories(), shownFacts));
        return new Composed(text, shownProfile, chosen, shownFacts);
    }

    private SnapshotExplanation explanation(Tenant tenant, Composed c) {
        long injectable = memories.countActive(tenant, INJECTABLE);
        return SnapshotExplanation.of(c.text(), c.profile(), c.text().isEmpty() ? List.of() : c.chosen().placed(),
                c.facts(), c.chosen().leftOut(), Math.max(0, injectable - c.chosen().placed().size()), cap, injectable);
    }

    private record Composed(String text, List<ProfileEntry> profile, InjectionSelection.Selection chosen,
                            List<Fact> facts) {
    }

    /** How full the tenant's injection budget is. */
    public SnapshotBudget budget(Tenant tenant) {
        long injectable = memories.countActive(tenant, INJECTABLE);
        long identities = memories.countActive(tenant, CategoryFilter.only(Category.IDENTITY));
        long injected = Math.max(Math.min(injectable, cap), Math.min(identities, MAX_IDENTITIES));
        return new SnapshotBudget(cap, injectable, injected, injectable - injected, injectable >= warningThreshold(),
                warnings.get());
    }

    private void warnIfNearCap(Tenant tenant, int injected) {
        if (injected < warningThreshold()) {
            return;
        }
        Instant now = clock.instant();
        Instant last = lastWarned.get(tenant);
        if (last == null || !now.isBefore(last.plus(WARNING_INTERVAL))) {
            lastWarned.put(tenant, now);
            warnings.incrementAndGet();
            LOG.log(System.Logger.Level.WARNING, "tenant {0}: {1} memories injected of a cap of {2}; older entries "
                    + "beyond the cap are search-only", tenant, injected, cap);
        }
    }

    private long warningThreshold() {
        return (long) Math.ceil(cap * 0.8);
    }

    /**
     * A rendered block (empty when a session has nothing to show), why it holds what it holds, and the
     * memories it holds (a session that holds a memory is revoked with it on request).
     */
    public record ExplainedSnapshot(String text, SnapshotExplanation explanation, Set<MemoryId> memories) {
        public ExplainedSnapshot {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(explanation, "explanation");
            memories = Set.copyOf(memories);
        }
    }

    /**
     * @param injectable     active memories of injectable types
     * @param injected       how many a snapshot shows
     * @param overflow       injectable memories left out (still searchable)
     * @param warning        whether the 80% threshold is reached
     * @param warningsLogged how many budget warnings this process has logged
     */
    public record SnapshotBudget(int cap, long injectable, long injected, long overflow, boolean warning,
                                 long warningsLogged) {
    }
}
