package dev.strata.adapters.sqlite;

import java.util.List;

/**
 * One schema step. Statements are kept as a list rather than a script so trigger bodies, which
 * contain semicolons, need no fragile splitting. Applied once, in one transaction, in version order.
 */
public record Migration(int version, String name, List<String> statements) {

    public Migration {
        if (version < 1) {
            throw new IllegalArgumentException("version must be positive");
        }
        statements = List.copyOf(statements);
    }
}
