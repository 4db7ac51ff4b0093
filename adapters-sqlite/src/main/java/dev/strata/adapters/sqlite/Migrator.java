package dev.strata.adapters.sqlite;

import java.time.Clock;
import java.util.List;

/**
 * Brings a database to the newest schema. Each migration runs in an immediate transaction that
 * first re-checks the recorded version, so two processes opening the same file at once apply each
 * step exactly once; re-running on an up-to-date file changes nothing.
 */
final class Migrator {

    private static final System.Logger LOG = System.getLogger(Migrator.class.getName());

    private final Transactions transactions;
    private final Clock clock;

    Migrator(Transactions transactions, Clock clock) {
        this.transactions = transactions;
        this.clock = clock;
    }

    void migrate(List<Migration> migrations) {
        transactions.write("create the migrations table", c -> Jdbc.update(c, "CREATE TABLE IF NOT EXISTS "
                + "schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"));
        int previous = 0;
        for (Migration m : migrations) {
            if (m.version() <= previous) {
                throw new IllegalStateException("migrations must have increasing versions: " + m.version());
            }
            previous = m.version();
            apply(m);
        }
    }

    private void apply(Migration m) {
        boolean applied;
        try {
            applied = transactions.writeIf("apply the migration", c -> {
                if (Jdbc.firstLong(c, "SELECT COUNT(*) FROM schema_migrations WHERE version = ?",
                        List.of(m.version())).orElse(0) > 0) {
                    return false;
                }
                for (String statement : m.statements()) {
                    Jdbc.update(c, statement);
                }
                if (m.backfill().isPresent()) {
                    m.backfill().get().run(c, clock.instant());
                }
                Jdbc.update(c, "INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, ?)",
                        m.version(), m.name(), Timestamps.format(clock.instant()));
                return true;
            });
        } catch (RuntimeException e) {
            // The SQLite error stays in the causes: the open tells a full or read-only disk from a bad step.
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException("schema migration " + m.version() + " (" + m.name() + ") failed: "
                    + cause.getMessage(), e);
        }
        if (applied) {
            LOG.log(System.Logger.Level.INFO, "applied schema migration {0}: {1}", m.version(), m.name());
        }
    }
}
