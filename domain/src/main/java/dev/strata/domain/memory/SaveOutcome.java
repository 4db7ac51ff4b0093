package dev.strata.domain.memory;

/**
 * What spec 02's save flow did: inserted a first entry for the key, superseded the active entry,
 * or refused because the key has an active entry and no reason was given.
 */
public sealed interface SaveOutcome {

    record Inserted(Memory memory) implements SaveOutcome {
    }

    record Superseded(Memory previous, Memory memory) implements SaveOutcome {
    }

    record Rejected(Memory current) implements SaveOutcome {
    }
}
