package dev.strata.adapters.sqlite;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.retrieval.BackgroundWrites;

import java.sql.SQLException;
import java.util.Objects;

/** The {@link BackgroundWrites} port on the database's {@link WriteGate}: one background slice per call. */
public final class SqliteBackgroundWrites implements BackgroundWrites {

    private final SqliteDatabase db;

    public SqliteBackgroundWrites(SqliteDatabase db) {
        this.db = Objects.requireNonNull(db, "db");
    }

    @Override
    public void slice(Runnable work) {
        Objects.requireNonNull(work, "work");
        try {
            db.inBackgroundSlice(c -> {
                work.run();
                return null;
            });
        } catch (SQLException e) {
            throw new UnavailableException("a background write failed: " + e.getMessage(), e);
        }
    }
}
