/** Frozen sessions: start one (workspace + memory context + profile, assembled once), read it back, expire it. */
package dev.strata.application.session;
