/**
 * spec 01's markdown export: a tenant's learned memory (methodologies, active preferences, reflected
 * role-memory decisions as trade cases, compiled asset pages) as a human-readable tree of markdown files,
 * every text scrubbed of secrets, optionally signed per file with the instance's HMAC key. The use case
 * builds the files; writing them is the caller's (the CLI's) business.
 */
package dev.strata.application.export;
