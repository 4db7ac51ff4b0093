/**
 * The vault of spec 02: per-tenant key/value state and credentials that are read by key, never
 * injected or searched, and the {@link dev.strata.domain.vault.CredentialScrubber} that keeps secret
 * values out of every other output.
 */
package dev.strata.domain.vault;
