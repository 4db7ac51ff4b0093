package dev.strata.domain.learning;

import java.math.BigDecimal;

/**
 * The scored result of one attributed decision. A win is a realised P&L strictly above zero;
 * break-even counts as a loss: after fees a flat trade lost money, and a methodology that only
 * breaks even must not climb toward graduation.
 */
public enum CaseOutcome {
    PENDING, WIN, LOSS;

    public String wireName() {
        return WireNames.of(this);
    }

    public static CaseOutcome parse(String field, String raw) {
        return WireNames.parse(CaseOutcome.class, field, raw, CaseOutcome::wireName);
    }

    public static CaseOutcome ofPnl(BigDecimal realisedPnl) {
        return realisedPnl.signum() > 0 ? WIN : LOSS;
    }

    /** How many scored uses this outcome contributes (0 or 1). */
    long uses() {
        return this == PENDING ? 0 : 1;
    }

    /** How many successes this outcome contributes (0 or 1). */
    long successes() {
        return this == WIN ? 1 : 0;
    }
}
