package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.TimeScope;

import java.time.Instant;

/**
 * A {@link TimeScope} as SQL over one alias of {@code memories}. The instants are written into the
 * statement as literals: {@link Timestamps#format} makes them digits and {@code -:.TZ} only, so they
 * cannot change the statement, and the parameter order of the statements they join stays as it was.
 */
final class TimeScopeSql {

    private TimeScopeSql() {
    }

    /** The rows the scope keeps: {@code AND} clauses replacing {@code alias.deleted_at IS NULL}. */
    static String visible(String alias, TimeScope scope) {
        StringBuilder sql = new StringBuilder();
        if (scope.asOf().isPresent()) {
            String at = literal(scope.asOf().get());
            sql.append(" AND ").append(alias).append(".created_at <= ").append(at).append(" AND (").append(alias)
                    .append(".deleted_at IS NULL OR ").append(alias).append(".deleted_at > ").append(at).append(')');
        } else {
            sql.append(" AND ").append(alias).append(".deleted_at IS NULL");
        }
        scope.occurredAfter().ifPresent(t -> sql.append(" AND ").append(alias).append(".occurred_at >= ")
                .append(literal(t)));
        scope.occurredBefore().ifPresent(t -> sql.append(" AND ").append(alias).append(".occurred_at < ")
                .append(literal(t)));
        return sql.toString();
    }

    /** True for a row the scope shows as superseded (history): superseded at all, or by the scope's instant. */
    static String superseded(String alias, TimeScope scope) {
        return scope.asOf().map(t -> "(" + alias + ".superseded_at IS NOT NULL AND " + alias + ".superseded_at <= "
                + literal(t) + ")").orElse(alias + ".superseded_at IS NOT NULL");
    }

    private static String literal(Instant t) {
        return "'" + Timestamps.format(Timestamps.truncate(t)) + "'";
    }
}
