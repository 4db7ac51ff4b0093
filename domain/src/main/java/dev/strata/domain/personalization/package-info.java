/**
 * The database sub-layer of personalization (spec 04 "Financial profile &amp; user tags"): one
 * financial-profile row per user, ten behavioural tag dimensions with a declared-or-inferred
 * source, objective capital metrics, the autopilot strategy-run history, onboarding answers and the
 * intent classifier that gates which tags a turn needs. User-authored intent stays on top: the
 * inferred profile is evidence the agent reads, never an override.
 */
package dev.strata.domain.personalization;
