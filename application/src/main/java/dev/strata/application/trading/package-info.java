/**
 * The off-agent trade mirror's use cases: pushed fills and spot activities, the history sync
 * (throttled on trade events, a safety tick, a forced refresh; failing sub-accounts skipped and
 * probed after a cooldown), the 30-day trading profile and {@code search_user_trades}. Nothing here
 * writes to the learning loop: external fills never become methodology cases.
 */
package dev.strata.application.trading;
