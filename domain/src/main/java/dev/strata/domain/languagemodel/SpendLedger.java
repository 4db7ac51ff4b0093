package dev.strata.domain.languagemodel;

import java.time.LocalDate;

/** Persists model spend per tenant, day and category (driven port). */
public interface SpendLedger {

    /** Adds {@code spend} to what the tenant has already spent on {@code day} in {@code category}. */
    void record(String tenant, LocalDate day, SpendCategory category, Spend spend);

    /** The tenant's spend on {@code day}; categories without calls are absent. */
    DailySpend spentOn(String tenant, LocalDate day);
}
