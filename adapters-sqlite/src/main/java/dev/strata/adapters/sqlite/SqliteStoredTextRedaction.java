package dev.strata.adapters.sqlite;

import dev.strata.adapters.sqlite.vec.SqliteVectorIndex;
import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.vault.RedactionPolicy;
import dev.strata.domain.vault.RedactionReport;
import dev.strata.domain.vault.StoredTextRedaction;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@link StoredTextRedaction} over every table that holds user text outside the vault. It reads
 * without the write lock to find the rows that hold a secret, then rewrites only those in one short
 * write transaction (each row read again inside it, so a concurrent edit is never overwritten with
 * stale text), with SQLite's secure delete on. What derives from a rewritten row follows it:
 * <ul>
 *   <li>memories: the external-content FTS index through its update trigger, the embedding state
 *       (pending again, by trigger) and the vectors (deleted now, so no vector of the old text
 *       answers a search until the row is embedded again from the redacted text), the injection
 *       flags and the content-derived typed edges;</li>
 *   <li>facts: the FTS index through its trigger and the dedup key ({@code normalized});</li>
 *   <li>role memory (spec 05): its FTS index through its trigger, and its on-row vector cleared, so the
 *       entry is embedded again;</li>
 *   <li>consolidation events, role evidence, the user profile, the audit log, frozen sessions and
 *       their explanations, the personalization profile row, conversation messages, the trade mirror's
 *       raw JSON and labels, and the history sync's last errors are rewritten in place (the mirror's
 *       dedup keys were derived from the JSON as sent, so a row redacted here is still found as a
 *       duplicate when the source sends it again).</li>
 * </ul>
 * Every derived value is computed by the use case's {@link RedactionPolicy}: this store applies no
 * policy of its own. Then the FTS indexes whose rows changed are merged into one segment ({@code optimize}), so the old tokens leave
 * the index's pages, and the WAL is checkpointed, so the overwritten bytes leave it too. Rows are
 * never otherwise changed: timestamps and ordering stay as they were.
 */
public final class SqliteStoredTextRedaction implements StoredTextRedaction {

    private static final System.Logger LOG = System.getLogger(SqliteStoredTextRedaction.class.getName());

    /** A table with user text: how its rows are keyed and which of its columns hold text. */
    private record Target(String table, List<String> keyColumns, List<String> textColumns) {
        String keyList() {
            return String.join(", ", keyColumns);
        }

        String keyMatch() {
            return String.join(" AND ", keyColumns.stream().map(c -> c + " = ?").toList());
        }
    }

    private static final List<Target> TARGETS = List.of(
            new Target("memories", List.of("id"), List.of("content", "supersede_reason", "metadata")),
            new Target("facts", List.of("id"), List.of("content", "reason")),
            new Target("memory_consolidation_events", List.of("id"), List.of("reason", "named")),
            new Target("user_profile", List.of("tenant", "key"), List.of("value")),
            new Target("audit_log", List.of("id"), List.of("subject", "detail")),
            new Target("sessions", List.of("id"), List.of("blocks", "prompt", "notices", "identity")),
            new Target("session_explanations", List.of("tenant", "session_id"), List.of("explanation")),
            new Target("role_memory", List.of("id"), List.of("inputs", "decision", "narrative", "lesson", "outcome",
                    "note")),
            new Target("role_memory_evidence", List.of("id"), List.of("text")),
            new Target("financial_profile", List.of("tenant", "user_id"), List.of("custom_prompt",
                    "platform_wallet_summary", "reference_wallets_summary", "onboarding_answers")),
            new Target("conversation_messages", List.of("seq"), List.of("content")),
            new Target("perps_fills", List.of("id"), List.of("raw_json", "dir", "wallet_address")),
            new Target("external_spot_activities", List.of("id"), List.of("raw_json", "from_token", "to_token")),
            new Target("history_sync_state", List.of("tenant", "source", "sub_account_id"), List.of("last_error")));

    private final SqliteDatabase db;
    private final Clock clock;

    public SqliteStoredTextRedaction(SqliteDatabase db, Clock clock) {
        this.db = Objects.requireNonNull(db, "db");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public RedactionReport redactAll(RedactionPolicy policy) {
        try (Connection c = db.connection()) {
            Map<Target, List<List<Object>>> candidates = new LinkedHashMap<>();
            for (Target target : TARGETS) {
                List<List<Object>> keys = candidates(c, target, policy);
                if (!keys.isEmpty()) {
                    candidates.put(target, keys);
                }
            }
            if (candidates.isEmpty()) {
                return RedactionReport.NONE;
            }
            Map<String, Integer> rewritten = new LinkedHashMap<>();
            List<Object[]> memoriesRewritten = new ArrayList<>();
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA secure_delete = ON");
            }
            try {
                c.setAutoCommit(false);
                try {
                    for (Map.Entry<Target, List<List<Object>>> e : candidates.entrySet()) {
                        int n = rewrite(c, e.getKey(), e.getValue(), policy, memoriesRewritten);
                        if (n > 0) {
                            rewritten.put(e.getKey().table(), n);
                        }
                    }
                    c.commit();
                } catch (SQLException | RuntimeException e) {
                    c.rollback();
                    throw e;
                } finally {
                    c.setAutoCommit(true);
                }
                deleteVectors(c, memoriesRewritten);
                optimize(c, rewritten);
            } finally {
                try (Statement s = c.createStatement()) {
                    s.execute("PRAGMA secure_delete = OFF");
                }
            }
            SqliteVaultStore.checkpoint(c);
            return new RedactionReport(rewritten);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot redact stored text: " + e.getMessage(), e);
        }
    }

    /** The keys of the rows of {@code target} that hold a secret, read outside any write lock. */
    private static List<List<Object>> candidates(Connection c, Target target, RedactionPolicy policy)
            throws SQLException {
        List<List<Object>> keys = new ArrayList<>();
        String select = "SELECT " + target.keyList() + ", " + String.join(", ", target.textColumns()) + " FROM "
                + target.table();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(select)) {
            int keyCount = target.keyColumns().size();
            while (rs.next()) {
                for (int i = 0; i < target.textColumns().size(); i++) {
                    String text = rs.getString(keyCount + i + 1);
                    if (text != null && policy.holdsSecret(text)) {
                        List<Object> key = new ArrayList<>(keyCount);
                        for (int k = 1; k <= keyCount; k++) {
                            key.add(rs.getObject(k));
                        }
                        keys.add(key);
                        break;
                    }
                }
            }
        }
        return keys;
    }

    /** Rewrites the candidate rows of one table inside the caller's transaction; returns how many changed. */
    private int rewrite(Connection c, Target target, List<List<Object>> keys, RedactionPolicy policy,
                        List<Object[]> memoriesRewritten) throws SQLException {
        String read = "SELECT tenant, " + String.join(", ", target.textColumns()) + " FROM " + target.table()
                + " WHERE " + target.keyMatch();
        int changed = 0;
        try (PreparedStatement select = c.prepareStatement(read)) {
            for (List<Object> key : keys) {
                bind(select, 1, key);
                String tenant;
                List<String> before = new ArrayList<>();
                try (ResultSet rs = select.executeQuery()) {
                    if (!rs.next()) {
                        continue; // gone meanwhile (purged, deleted)
                    }
                    tenant = rs.getString(1);
                    for (int i = 0; i < target.textColumns().size(); i++) {
                        before.add(rs.getString(i + 2));
                    }
                }
                Tenant owner = Tenant.of(tenant);
                Map<String, Object> sets = new LinkedHashMap<>();
                for (int i = 0; i < before.size(); i++) {
                    String old = before.get(i);
                    String now = old == null ? null : policy.redact(owner, old);
                    if (now != null && !now.equals(old)) {
                        sets.put(target.textColumns().get(i), now);
                    }
                }
                if (sets.isEmpty()) {
                    continue;
                }
                derived(target, sets, policy);
                update(c, target, key, sets);
                if (target.table().equals("memories") && sets.containsKey("content")) {
                    long id = ((Number) key.get(0)).longValue();
                    replaceEdges(c, tenant, id, policy.memoryEdges((String) sets.get("content")));
                    memoriesRewritten.add(new Object[] {tenant, id});
                }
                changed++;
            }
        }
        return changed;
    }

    /** Columns computed from a rewritten text column, set in the same statement. */
    private static void derived(Target target, Map<String, Object> sets, RedactionPolicy policy) {
        if (target.table().equals("memories") && sets.containsKey("content")) {
            sets.put("injection_flags", MemoryRows.injectionFlags((String) sets.get("content")));
        }
        if (target.table().equals("role_memory")) {
            // The entry's one vector lives on the row: dropped, so the entry is embedded again from the new text.
            sets.put("embedding", null);
            sets.put("embedding_model", null);
        }
        if (target.table().equals("facts") && sets.containsKey("content")) {
            sets.put("normalized", policy.factKey((String) sets.get("content")));
        }
    }

    private static void update(Connection c, Target target, List<Object> key, Map<String, Object> sets)
            throws SQLException {
        String sql = "UPDATE " + target.table() + " SET " + String.join(", ", sets.keySet().stream()
                .map(col -> col + " = ?").toList()) + " WHERE " + target.keyMatch();
        try (PreparedStatement update = c.prepareStatement(sql)) {
            int at = 1;
            for (Object value : sets.values()) {
                update.setObject(at++, value);
            }
            bind(update, at, key);
            update.executeUpdate();
        }
    }

    /** The content-derived edges follow the new content, as the memory store's own update writes them. */
    private void replaceEdges(Connection c, String tenant, long id, List<MemoryEdge> edges) throws SQLException {
        MemoryEdgeRows.replace(c, Tenant.of(tenant), id, edges, clock.instant());
    }

    /**
     * Vectors of the old text are dropped at once; the embedding worker re-embeds the redacted text
     * (the content change made the row pending). Without the vector extension there are no vectors
     * that a search could reach, so a failure here is only logged.
     */
    private static void deleteVectors(Connection c, List<Object[]> memories) {
        if (memories.isEmpty() || !tableExists(c, SqliteVectorIndex.DEFAULT_TABLE)) {
            return;
        }
        SqliteVectorIndex index = new SqliteVectorIndex(SqliteVectorIndex.DEFAULT_TABLE, 1);
        for (Object[] m : memories) {
            try {
                index.delete(c, (String) m[0], (Long) m[1]);
            } catch (SQLException e) {
                LOG.log(System.Logger.Level.WARNING, "could not drop the vectors of redacted memory " + m[1]
                        + "; they are replaced when it is embedded again: " + e.getMessage());
                return;
            }
        }
    }

    /** Merges the FTS indexes whose rows changed into one segment, so no page keeps the old tokens. */
    private static void optimize(Connection c, Map<String, Integer> rewritten) throws SQLException {
        for (String fts : List.of("memories", "facts", "role_memory")) {
            if (rewritten.containsKey(fts)) {
                try (Statement s = c.createStatement()) {
                    s.execute("INSERT INTO " + fts + "_fts(" + fts + "_fts) VALUES ('optimize')");
                }
            }
        }
    }

    private static boolean tableExists(Connection c, String table) {
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM sqlite_master WHERE name = ?")) {
            s.setString(1, table);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            return false;
        }
    }

    private static void bind(PreparedStatement s, int from, List<Object> key) throws SQLException {
        for (int i = 0; i < key.size(); i++) {
            s.setObject(from + i, key.get(i));
        }
    }
}
