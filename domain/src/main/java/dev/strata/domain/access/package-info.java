/**
 * Access control: API keys bound to a tenant (or admin keys for every tenant), the token format and
 * its hashing, and the {@link dev.strata.domain.access.Principal} a verified request acts as.
 */
package dev.strata.domain.access;
