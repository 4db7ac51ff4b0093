package dev.strata.domain.learning;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Objects;

/**
 * A trading methodology scored only by real outcomes. {@code uses} is spec 01's {@code times_used}:
 * the decisions attributed to it whose outcome is known; {@code successes} the winning ones.
 * {@code confidence} is the policy's Wilson lower bound of the two (or the initial confidence
 * before any scored use). A quarantined methodology is never surfaced; only an approve lifts
 * quarantine, and demotion only ever raises it.
 */
public record Methodology(MethodologyId id, Tenant tenant, AssetClass assetClass, String title, String body,
                          long successes, long uses, double confidence, boolean quarantined, Provenance provenance,
                          Instant createdAt, Instant updatedAt) {

    public Methodology {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(assetClass, "assetClass");
        Objects.requireNonNull(provenance, "provenance");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
        title = NewMethodology.checkTitle("title", title);
        body = NewMethodology.checkBody("body", body);
        if (successes < 0 || successes > uses) {
            throw new IllegalArgumentException("need 0 <= successes <= uses: " + successes + "/" + uses);
        }
        if (!(confidence >= 0 && confidence <= 1)) {
            throw new IllegalArgumentException("confidence must be within [0, 1]: " + confidence);
        }
    }

    public boolean graduated() {
        return !quarantined;
    }

    /** The dedup key: normalised title and body; with the tenant and asset class it identifies a methodology. */
    public String normalizedKey() {
        return NewMethodology.normalizedKey(title, body);
    }

    /**
     * This methodology after one attributed decision's outcome moved from {@code from} to {@code to}
     * (a first score, a correction, or nothing when they are equal): counts move exactly once,
     * confidence follows the counts, and the policy may raise quarantine but never lower it.
     */
    public Methodology scored(CaseOutcome from, CaseOutcome to, LearningPolicy policy, Instant now) {
        long s = successes + to.successes() - from.successes();
        long u = uses + to.uses() - from.uses();
        return withCounts(s, u, policy, now);
    }

    /** Confidence recomputed under the policy (a changed z), with the same demotion rule. */
    public Methodology rescored(LearningPolicy policy, Instant now) {
        return withCounts(successes, uses, policy, now);
    }

    private Methodology withCounts(long s, long u, LearningPolicy policy, Instant now) {
        double c = policy.confidence(s, u);
        boolean q = quarantined || policy.demotes(c, u);
        return new Methodology(id, tenant, assetClass, title, body, s, u, c, q, provenance, createdAt, now);
    }

    public Methodology withQuarantine(boolean value, Instant now) {
        return new Methodology(id, tenant, assetClass, title, body, successes, uses, confidence, value, provenance,
                createdAt, now);
    }
}
