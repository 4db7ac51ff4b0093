package dev.strata.adapters.sqlite;

import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbRow;
import io.helidon.dbclient.DbTransaction;

import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * Brings a database to the newest schema. Each migration runs in an immediate transaction that
 * first re-checks the recorded version, so two processes opening the same file at once apply each
 * step exactly once; re-running on an up-to-date file changes nothing.
 */
final class Migrator {

    private static final System.Logger LOG = System.getLogger(Migrator.class.getName());

    private final DbClient db;
    private final Clock clock;

    Migrator(DbClient db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    void migrate(List<Migration> migrations) {
        db.execute().dml("CREATE TABLE IF NOT EXISTS schema_migrations ("
                + "version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
        int previous = 0;
        for (Migration m : migrations) {
            if (m.version() <= previous) {
                throw new IllegalStateException("migrations must have increasing versions: " + m.version());
            }
            previous = m.version();
            apply(m);
        }
    }

    int currentVersion() {
        Optional<DbRow> row = db.execute().get("SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations");
        return row.map(r -> (int) Columns.longValue(r, "v")).orElse(0);
    }

    private void apply(Migration m) {
        DbTransaction tx = db.transaction();
        try {
            long done = tx.get("SELECT COUNT(*) AS n FROM schema_migrations WHERE version = ?", m.version())
                    .map(r -> Columns.longValue(r, "n")).orElse(0L);
            if (done > 0) {
                tx.commit();
                return;
            }
            for (String statement : m.statements()) {
                tx.dml(statement);
            }
            m.backfill().ifPresent(backfill -> backfill.run(tx, clock.instant()));
            tx.insert("INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, ?)",
                    m.version(), m.name(), Timestamps.format(clock.instant()));
            tx.commit();
            LOG.log(System.Logger.Level.INFO, "applied schema migration {0}: {1}", m.version(), m.name());
        } catch (RuntimeException e) {
            Transactions.rollbackAfter(tx, e);
            throw new IllegalStateException("schema migration " + m.version() + " (" + m.name() + ") failed: "
                    + e.getMessage(), e);
        }
    }
}
