package dev.strata.application.learning;

import dev.strata.application.audit.AuditTrail;
import dev.strata.application.provenance.WriteOrigin;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.learning.LearningPolicy;
import dev.strata.domain.learning.MethodologyChange;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;

import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * Every state change of a methodology or preference writes an audit row (spec 01 "Governance").
 * Actions are dotted names: {@code methodology.approve}, {@code preference.reject},
 * {@code learning.shadow.demote} for what shadow mode only recorded.
 */
final class LearningAudit {

    /**
     * The loop's actor on its audit entries and on the memories it writes. The governance decisions
     * (approve, quarantine, reject, deactivate) carry their caller's actor instead; the other requests
     * that start a loop action (recording a trade, proposing a preference) do not pass it down yet.
     */
    static final Actor ACTOR = Actor.system("learning");
    /** The loop's write origin: it alone may claim {@code learned_preference}. */
    static final WriteOrigin ORIGIN = WriteOrigin.learningLoop(ACTOR);

    private final AuditTrail log;
    private final Clock clock;

    /** {@code log} is the one audit log (bootstrap passes the access area's, which keeps secrets out). */
    LearningAudit(AuditLog log, Clock clock) {
        this.log = new AuditTrail(log);
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    void record(Tenant tenant, String action, String subject, String detail) {
        record(tenant, action, subject, detail, ACTOR);
    }

    /** A governance decision a caller made (approve, quarantine, reject, deactivate): audited as that caller. */
    void record(Tenant tenant, String action, String subject, String detail, Actor actor) {
        log.record(new AuditEntry(tenant, action, subject, detail, Objects.requireNonNull(actor, "actor"),
                clock.instant()));
    }

    /**
     * One row per scored methodology ({@code methodology.score}), one more when it was demoted, and
     * in shadow mode one {@code learning.shadow.demote} row where demotion would have applied.
     */
    void scored(List<MethodologyChange> changes, String cause, LearningLoopSettings settings) {
        for (MethodologyChange c : changes) {
            String subject = "methodology:" + c.after().id();
            record(c.after().tenant(), "methodology.score", subject, cause + ": " + c.before().successes() + "/"
                    + c.before().uses() + " -> " + c.after().successes() + "/" + c.after().uses() + ", confidence "
                    + LearningPolicy.format(c.after().confidence()));
            if (c.demoted()) {
                record(c.after().tenant(), "methodology.demote", subject, "quarantined automatically: confidence "
                        + LearningPolicy.format(c.after().confidence()) + " < " + settings.policy().demotionConfidence()
                        + " with " + c.after().uses() + " uses");
            } else if (settings.shadowMode() && c.after().graduated() && settings.policy().demotionEnabled()
                    && settings.policy().wouldDemote(c.after().confidence(), c.after().uses())) {
                record(c.after().tenant(), "learning.shadow.demote", subject, "shadow mode: would quarantine at "
                        + "confidence " + LearningPolicy.format(c.after().confidence()) + " with " + c.after().uses()
                        + " uses");
            }
        }
    }
}
