/**
 * The finance learning loop of spec 01: trading methodologies scored only by real outcomes
 * (Wilson lower bound, quarantine and deliberate graduation, automatic demotion), trades and the
 * decisions attributed to methodologies, learned preferences with an approve-only state machine,
 * {@code memory_learn} learnings and the byte-deterministic compiled page per asset.
 *
 * <p>The loop is orthogonal to the general fact layer: nothing here reads or writes facts, and
 * nothing in the fact layer reads or writes these records.
 */
package dev.strata.domain.learning;
