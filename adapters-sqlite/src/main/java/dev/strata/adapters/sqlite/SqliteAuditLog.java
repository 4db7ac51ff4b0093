package dev.strata.adapters.sqlite;

import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.memory.Tenant;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbRow;

import java.util.List;
import java.util.stream.Stream;

/** {@link AuditLog} on the append-only {@code audit_log} table. */
public final class SqliteAuditLog implements AuditLog {

    private final DbClient db;

    public SqliteAuditLog(SqliteDatabase database) {
        this.db = database.dbClient();
    }

    @Override
    public void record(AuditEntry e) {
        db.execute().insert("INSERT INTO audit_log(tenant, action, subject, detail, created_at) VALUES (?, ?, ?, ?, ?)",
                e.tenant().value(), e.action(), e.subject(), e.detail(), Timestamps.format(Timestamps.truncate(e.at())));
    }

    @Override
    public List<AuditEntry> recent(Tenant tenant, int limit) {
        try (Stream<DbRow> rows = db.execute().query("SELECT tenant, action, subject, detail, created_at FROM audit_log "
                + "WHERE tenant = ? ORDER BY id DESC LIMIT ?", tenant.value(), limit)) {
            return rows.map(r -> new AuditEntry(Tenant.of(Columns.string(r, "tenant")),
                    Columns.string(r, "action"), Columns.string(r, "subject"),
                    Columns.string(r, "detail"), Timestamps.parse(Columns.string(r, "created_at"))))
                    .toList();
        }
    }
}
