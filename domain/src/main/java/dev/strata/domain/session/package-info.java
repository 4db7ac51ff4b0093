/**
 * Frozen sessions: a session's prompt blocks are assembled once at session start and kept as they
 * were, so the prompt stays byte-identical (and prefix-cache friendly) while memories and
 * workspace files keep changing underneath.
 */
package dev.strata.domain.session;
