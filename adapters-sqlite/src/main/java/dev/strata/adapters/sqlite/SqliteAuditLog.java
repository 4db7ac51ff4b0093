package dev.strata.adapters.sqlite;

import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.audit.AuditQuery;
import dev.strata.domain.audit.AuditRecord;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * {@link AuditLog} on the append-only {@code audit_log} table: one row per entry, numbered by its
 * {@code id}, with the actor's id and the API key that vouched for it. Pages are read newest first
 * below a cursor id; each filter is an indexed column of the tenant's trail.
 */
public final class SqliteAuditLog implements AuditLog {

    private static final String INSERT = "INSERT INTO audit_log(tenant, action, subject, detail, created_at, actor, "
            + "key_id) VALUES (?, ?, ?, ?, ?, ?, ?)";
    private static final String COLUMNS = "id, tenant, action, subject, detail, created_at, actor, key_id";

    private final SqliteDatabase database;
    private final Transactions transactions;

    public SqliteAuditLog(SqliteDatabase database) {
        this.database = database;
        this.transactions = new Transactions(database);
    }

    @Override
    public void record(AuditEntry e) {
        recordAll(List.of(e));
    }

    /** One transaction and one prepared statement for a batch's entries. */
    @Override
    public void recordAll(List<AuditEntry> entries) {
        if (entries.isEmpty()) {
            return;
        }
        transactions.write("record the audit entry", c -> {
            try (PreparedStatement insert = c.prepareStatement(INSERT)) {
                for (AuditEntry e : entries) {
                    Jdbc.bind(insert, params(e));
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            return null;
        });
    }

    @Override
    public List<AuditEntry> recent(Tenant tenant, int limit) {
        List<AuditEntry> entries = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT " + COLUMNS + " FROM audit_log WHERE tenant = ? ORDER BY id DESC LIMIT ?",
                    List.of(tenant.value(), limit), r -> entries.add(entry(r)));
        }
        return entries;
    }

    @Override
    public List<AuditRecord> find(AuditQuery q) {
        StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + " FROM audit_log WHERE 1 = 1");
        List<Object> params = new ArrayList<>();
        q.tenant().ifPresent(t -> clause(sql, params, " AND tenant = ?", t.value()));
        q.actionText().ifPresent(a -> {
            if (q.actionIsPrefix()) {
                // substr, not LIKE: an action's '_' must not match any character
                clause(sql, params, " AND substr(action, 1, ?) = ?", a.length(), a);
            } else {
                clause(sql, params, " AND action = ?", a);
            }
        });
        q.actor().ifPresent(a -> clause(sql, params, " AND actor = ?", a));
        q.subject().ifPresent(s -> clause(sql, params, " AND subject = ?", s));
        q.since().ifPresent(s -> clause(sql, params, " AND created_at >= ?", Timestamps.format(s)));
        q.until().ifPresent(u -> clause(sql, params, " AND created_at < ?", Timestamps.format(u)));
        q.before().ifPresent(b -> clause(sql, params, " AND id < ?", b));
        sql.append(" ORDER BY id DESC LIMIT ?");
        params.add(q.limit());
        List<AuditRecord> records = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach(sql.toString(), params, r -> records.add(new AuditRecord(r.getLong("id"), entry(r))));
        }
        return records;
    }

    private static void clause(StringBuilder sql, List<Object> params, String clause, Object... values) {
        sql.append(clause);
        params.addAll(Arrays.asList(values));
    }

    private static List<Object> params(AuditEntry e) {
        return Arrays.asList(e.tenant().value(), e.action(), e.subject(), e.detail(),
                Timestamps.format(Timestamps.truncate(e.at())), e.actor().id(), e.actor().keyId().orElse(null));
    }

    private static AuditEntry entry(ResultSet r) throws SQLException {
        return new AuditEntry(Tenant.of(r.getString("tenant")), r.getString("action"), r.getString("subject"),
                r.getString("detail"), new Actor(r.getString("actor"), Optional.ofNullable(r.getString("key_id"))),
                Timestamps.parse(r.getString("created_at")));
    }

}
