package dev.strata.adapters.sqlite;

import dev.strata.domain.learning.EvidenceMerge;
import dev.strata.domain.learning.LearnedPreference;
import dev.strata.domain.learning.NewPreference;
import dev.strata.domain.learning.PreferenceAction;
import dev.strata.domain.learning.PreferenceDimension;
import dev.strata.domain.learning.PreferenceFilter;
import dev.strata.domain.learning.PreferenceId;
import dev.strata.domain.learning.PreferenceKind;
import dev.strata.domain.learning.PreferenceSource;
import dev.strata.domain.learning.PreferenceState;
import dev.strata.domain.learning.PreferenceStore;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@link PreferenceStore} on {@code learned_preferences} (migration 12). Inserts always write
 * {@code proposed} (the schema refuses anything else), and a state change is a compare-and-set on
 * the action's {@code from} state.
 */
public final class SqlitePreferenceStore implements PreferenceStore {

    private static final String COLUMNS = "id, tenant, dimension, content, kind, state, evidence, source, memory_id, "
            + "created_at, updated_at";
    private static final String BY_ID = "SELECT " + COLUMNS + " FROM learned_preferences WHERE tenant = ? AND id = ?";

    private final SqliteDatabase database;
    private final Transactions transactions;

    public SqlitePreferenceStore(SqliteDatabase database) {
        this.database = database;
        this.transactions = new Transactions(database);
    }

    @Override
    public Proposed propose(NewPreference p, EvidenceMerge merge, Instant now) {
        Instant at = Timestamps.truncate(now);
        return transactions.write("propose the preference", c -> {
            Optional<LearnedPreference> same = Jdbc.first(c, "SELECT " + COLUMNS + " FROM learned_preferences "
                            + "WHERE tenant = ? AND dimension = ? AND kind = ? AND normalized = ?",
                    List.of(p.tenant().value(), p.dimension().wireName(), p.kind().wireName(), p.normalizedContent()),
                    SqlitePreferenceStore::read);
            if (same.isPresent()) {
                LearnedPreference existing = same.get();
                long evidence = merge.merge(existing.evidence(), p.evidence());
                if (evidence == existing.evidence()) {
                    return new Proposed(existing, false, existing.evidence());
                }
                Jdbc.update(c, "UPDATE learned_preferences SET evidence = ?, updated_at = ? WHERE tenant = ? AND id = ?",
                        evidence, Timestamps.format(at), p.tenant().value(), existing.id().value());
                return new Proposed(existing.withEvidence(evidence, at), false, existing.evidence());
            }
            String ts = Timestamps.format(at);
            Jdbc.update(c, "INSERT INTO learned_preferences(tenant, dimension, content, normalized, kind, state, "
                            + "evidence, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'proposed', ?, ?, ?, ?)",
                    p.tenant().value(), p.dimension().wireName(), p.content(), p.normalizedContent(), p.kind().wireName(),
                    p.evidence(), p.source().wireName(), ts, ts);
            long id = Jdbc.lastInsertRowid(c);
            return new Proposed(new LearnedPreference(PreferenceId.of(id), p.tenant(), p.dimension(), p.content(),
                    p.kind(), PreferenceState.PROPOSED, p.evidence(), p.source(), Optional.empty(), at, at), true, 0);
        });
    }

    @Override
    public Optional<LearnedPreference> find(Tenant tenant, PreferenceId id) {
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.first(BY_ID, List.of(tenant.value(), id.value()), SqlitePreferenceStore::read);
        }
    }

    private static Optional<LearnedPreference> findIn(Connection c, Tenant tenant, PreferenceId id) throws SQLException {
        return Jdbc.first(c, BY_ID, List.of(tenant.value(), id.value()), SqlitePreferenceStore::read);
    }

    @Override
    public List<LearnedPreference> list(Tenant tenant, PreferenceFilter filter, int limit) {
        StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + " FROM learned_preferences WHERE tenant = ?");
        List<Object> params = new ArrayList<>(List.of(tenant.value()));
        filter.state().ifPresent(s -> {
            sql.append(" AND state = ?");
            params.add(s.wireName());
        });
        filter.kind().ifPresent(k -> {
            sql.append(" AND kind = ?");
            params.add(k.wireName());
        });
        filter.dimension().ifPresent(d -> {
            sql.append(" AND dimension = ?");
            params.add(d.wireName());
        });
        sql.append(" ORDER BY id DESC LIMIT ?");
        params.add(limit);
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.list(sql.toString(), params, SqlitePreferenceStore::read);
        }
    }

    @Override
    public Optional<LearnedPreference> transition(Tenant tenant, PreferenceId id, PreferenceAction action, Instant now) {
        Instant at = Timestamps.truncate(now);
        return transactions.write("change the preference", c -> {
            Optional<LearnedPreference> found = findIn(c, tenant, id);
            if (found.isEmpty()) {
                return found;
            }
            // Refuses (ConflictException) a preference not in the action's from-state; nothing is written then.
            LearnedPreference after = found.get().after(action, at);
            Jdbc.update(c, "UPDATE learned_preferences SET state = ?, updated_at = ? "
                            + "WHERE tenant = ? AND id = ? AND state = ?", after.state().wireName(),
                    Timestamps.format(at), tenant.value(), id.value(), action.from().wireName());
            return Optional.of(after);
        });
    }

    @Override
    public Optional<LearnedPreference> linkMemory(Tenant tenant, PreferenceId id, Optional<MemoryId> memory, Instant now) {
        Instant at = Timestamps.truncate(now);
        return transactions.write("link the preference's memory", c -> {
            Optional<LearnedPreference> found = findIn(c, tenant, id);
            if (found.isEmpty()) {
                return found;
            }
            Jdbc.update(c, "UPDATE learned_preferences SET memory_id = ?, updated_at = ? WHERE tenant = ? AND id = ?",
                    memory.map(MemoryId::value).orElse(null), Timestamps.format(at), tenant.value(), id.value());
            return Optional.of(found.get().withMemory(memory, at));
        });
    }

    /** A row selected with {@link #COLUMNS}. */
    private static LearnedPreference read(ResultSet r) throws SQLException {
        long memory = r.getLong("memory_id"); // 0 when NULL: rowids start at 1
        return new LearnedPreference(
                PreferenceId.of(r.getLong("id")),
                Tenant.of(r.getString("tenant")),
                PreferenceDimension.parse("dimension", r.getString("dimension")),
                r.getString("content"),
                PreferenceKind.parse("kind", r.getString("kind")),
                PreferenceState.parse("state", r.getString("state")),
                r.getLong("evidence"),
                PreferenceSource.parse("source", r.getString("source")),
                memory == 0 ? Optional.empty() : Optional.of(MemoryId.of(memory)),
                Timestamps.parse(r.getString("created_at")),
                Timestamps.parse(r.getString("updated_at")));
    }
}
