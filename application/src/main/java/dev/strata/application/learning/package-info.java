/**
 * The finance learning loop's use cases: methodologies (create with dedup, seed, approve against
 * the graduation bars, quarantine, demotion sweep), trades and attributed cases (outcomes with
 * attribution in one store transaction, idempotent replays, exact-once corrections), learned
 * preferences (approve-only activation, promotion to a {@code learned_preference} memory, mining),
 * {@code memory_learn} learnings, compiled pages with their cache, and the synthesis job.
 *
 * <p>The loop and the general fact layer stay orthogonal: nothing here touches facts, and the only
 * memories the loop writes or retires are its own ({@code learned_preference} promotions and
 * {@code trade_outcome} rows); a {@code user_manual} row is only ever read.
 */
package dev.strata.application.learning;
