package dev.strata.domain.workspace;

/**
 * Driven port: BOOTSTRAP.md runs exactly once, on the first session, and is then deleted
 * (spec 04). Callers delete it only after the session that included it is stored, so a failure in
 * between leaves it for the next session instead of losing it.
 */
public interface WorkspaceBootstrap {

    /** Deletes BOOTSTRAP.md; false when it was already gone. */
    boolean delete();
}
