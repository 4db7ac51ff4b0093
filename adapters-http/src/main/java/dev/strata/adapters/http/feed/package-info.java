/**
 * Outbound HTTP for role memory: the configurable price endpoint ({@link dev.strata.adapters.http.feed.HttpPriceFeed}),
 * custom outcome probes ({@link dev.strata.adapters.http.feed.HttpOutcomeProbe}) and post-hoc evidence sources
 * ({@link dev.strata.adapters.http.feed.HttpEvidenceSource}) as HTTP callbacks, all through one bounded
 * {@link dev.strata.adapters.http.feed.CallbackClient}. They live beside the gateway because they are the same
 * technology (HTTP and JSON-P); they share nothing else with it.
 */
package dev.strata.adapters.http.feed;
