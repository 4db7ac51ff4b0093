package dev.strata.adapters.sqlite;

import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.audit.AuditLogContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The audit log contract on a real SQLite file. */
class SqliteAuditLogTest extends AuditLogContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected AuditLog createLog() {
        db = TempDatabase.open(dir);
        return new SqliteAuditLog(db);
    }

    @AfterEach
    void close() {
        db.close();
    }
}
