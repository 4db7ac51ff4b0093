package dev.strata.domain.languagemodel;

import dev.strata.domain.error.DomainException;

import java.util.List;
import java.util.Objects;

/**
 * The model answered, but neither its reply nor the one repair attempt held a JSON object of
 * the requested shape. Callers must keep their input for a later run (a failed consolidation
 * leaves its facts pending); {@code usage} is what the attempts cost, so it can still be charged.
 */
public final class StructuredOutputException extends DomainException {

    private final String schemaName;
    private final List<String> problems;
    private final String lastReply;
    private final TokenUsage usage;

    public StructuredOutputException(String schemaName, List<String> problems, String lastReply, TokenUsage usage) {
        super("model reply did not match schema '" + schemaName + "': " + String.join("; ", problems));
        this.schemaName = Objects.requireNonNull(schemaName, "schemaName");
        this.problems = List.copyOf(problems);
        this.lastReply = Objects.requireNonNull(lastReply, "lastReply");
        this.usage = Objects.requireNonNull(usage, "usage");
    }

    public String schemaName() {
        return schemaName;
    }

    public List<String> problems() {
        return problems;
    }

    public String lastReply() {
        return lastReply;
    }

    public TokenUsage usage() {
        return usage;
    }
}
