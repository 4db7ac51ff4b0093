package dev.strata.domain.learning;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Driven port: the {@code methodologies} table. Every method is scoped to one tenant. Scoring by
 * outcomes is not here: counts only change together with the decision they score, in
 * {@link TradeStore}. Nothing can lower quarantine except {@link #graduate}, which the approve use
 * case alone calls after checking the bars, and {@link #restore}, which only the signed import calls for a
 * methodology this instance exported (it creates rows; it never changes an existing one).
 */
public interface MethodologyStore {

    /**
     * Creates a quarantined methodology at {@code initialConfidence} with no uses, or, when the
     * tenant already has one with the same asset class and normalised title and body, returns that
     * one untouched (it keeps its stats; {@link Created#inserted()} is false).
     */
    Created create(NewMethodology methodology, double initialConfidence, Instant now);

    /**
     * The signed import's path (spec 01, channel A: a bundle this instance exported and signed): creates the
     * methodology with the exported counts, confidence and quarantine, or, on a dedup match, returns the
     * existing row untouched like {@link #create}. Besides {@link #graduate}, the only way a row may be
     * stored unquarantined; its caller must have verified the bundle's signature under the instance key.
     */
    Created restore(NewMethodology methodology, Stats stats, Instant now);

    /** The exported state a signed import restores. */
    record Stats(long successes, long uses, double confidence, boolean quarantined) {
        public Stats {
            if (successes < 0 || successes > uses) {
                throw new IllegalArgumentException("need 0 <= successes <= uses: " + successes + "/" + uses);
            }
            if (!(confidence >= 0 && confidence <= 1)) {
                throw new IllegalArgumentException("confidence must be within [0, 1]: " + confidence);
            }
        }
    }

    /** {@link #create} for each, all in one transaction, results in input order. */
    List<Created> createAll(List<NewMethodology> methodologies, double initialConfidence, Instant now);

    Optional<Methodology> find(Tenant tenant, MethodologyId id);

    /** Highest confidence first, then newest id. */
    List<Methodology> list(Tenant tenant, MethodologyFilter filter, int limit);

    /**
     * Lowers quarantine only while the counts are still {@code successes}/{@code uses} (the numbers
     * the bars were checked on); empty when the methodology is missing or its counts moved meanwhile.
     * Graduating a graduated methodology returns it unchanged.
     */
    Optional<Methodology> graduate(Tenant tenant, MethodologyId id, long successes, long uses, Instant now);

    /** Raises quarantine (idempotent); empty when there is no such methodology. */
    Optional<Methodology> quarantine(Tenant tenant, MethodologyId id, Instant now);

    /**
     * Recomputes confidence from the counts under {@code policy} and applies its demotion rule, in
     * one transaction; returns the row before and after (equal when nothing changed).
     */
    Optional<MethodologyChange> rescore(Tenant tenant, MethodologyId id, LearningPolicy policy, Instant now);

    /** Tenants that have methodologies (for sweeps). */
    List<Tenant> tenants();

    /** Whether the store created a row or matched an existing one. */
    record Created(Methodology methodology, boolean inserted) {
    }
}
