package dev.strata.domain.retrieval;

import java.time.Instant;

/** Shared test data: memories identified by id, all written at one instant unless told otherwise. */
final class Fixtures {

    static final Instant NOW = Instant.parse("2026-11-22T00:00:00Z");

    private Fixtures() {
    }

    static Candidate memory(long id, String content) {
        return new Candidate(id, "context", NOW, content);
    }

    static Candidate memory(long id, String type, Instant updatedAt, String content) {
        return new Candidate(id, type, updatedAt, content);
    }
}
