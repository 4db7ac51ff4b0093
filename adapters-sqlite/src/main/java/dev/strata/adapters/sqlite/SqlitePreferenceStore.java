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
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbExecute;
import io.helidon.dbclient.DbRow;
import io.helidon.dbclient.DbTransaction;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * {@link PreferenceStore} on {@code learned_preferences} (migration 12). Inserts always write
 * {@code proposed} (the schema refuses anything else), and a state change is a compare-and-set on
 * the action's {@code from} state.
 */
public final class SqlitePreferenceStore implements PreferenceStore {

    private static final String COLUMNS = "id, tenant, dimension, content, kind, state, evidence, source, "
            + "COALESCE(memory_id, 0) AS memory_id, created_at, updated_at";

    private final DbClient db;

    public SqlitePreferenceStore(SqliteDatabase database) {
        this.db = database.dbClient();
    }

    @Override
    public Proposed propose(NewPreference p, EvidenceMerge merge, Instant now) {
        Instant at = Timestamps.truncate(now);
        return inTransaction("propose the preference", tx -> {
            Optional<LearnedPreference> same = tx.get("SELECT " + COLUMNS + " FROM learned_preferences WHERE tenant = ? "
                            + "AND dimension = ? AND kind = ? AND normalized = ?", p.tenant().value(),
                    p.dimension().wireName(), p.kind().wireName(), p.normalizedContent())
                    .map(SqlitePreferenceStore::toPreference);
            if (same.isPresent()) {
                LearnedPreference existing = same.get();
                long evidence = merge.merge(existing.evidence(), p.evidence());
                if (evidence == existing.evidence()) {
                    return new Proposed(existing, false, existing.evidence());
                }
                tx.update("UPDATE learned_preferences SET evidence = ?, updated_at = ? WHERE tenant = ? AND id = ?",
                        evidence, Timestamps.format(at), p.tenant().value(), existing.id().value());
                return new Proposed(existing.withEvidence(evidence, at), false, existing.evidence());
            }
            String ts = Timestamps.format(at);
            tx.insert("INSERT INTO learned_preferences(tenant, dimension, content, normalized, kind, state, evidence, "
                            + "source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'proposed', ?, ?, ?, ?)",
                    p.tenant().value(), p.dimension().wireName(), p.content(), p.normalizedContent(), p.kind().wireName(),
                    p.evidence(), p.source().wireName(), ts, ts);
            long id = Columns.longValue(tx.get("SELECT last_insert_rowid() AS id").orElseThrow(), "id");
            return new Proposed(new LearnedPreference(PreferenceId.of(id), p.tenant(), p.dimension(), p.content(),
                    p.kind(), PreferenceState.PROPOSED, p.evidence(), p.source(), Optional.empty(), at, at), true, 0);
        });
    }

    @Override
    public Optional<LearnedPreference> find(Tenant tenant, PreferenceId id) {
        return findIn(db.execute(), tenant, id);
    }

    private static Optional<LearnedPreference> findIn(DbExecute exec, Tenant tenant, PreferenceId id) {
        return exec.get("SELECT " + COLUMNS + " FROM learned_preferences WHERE tenant = ? AND id = ?", tenant.value(),
                id.value()).map(SqlitePreferenceStore::toPreference);
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
        try (Stream<DbRow> rows = db.execute().query(sql.toString(), params.toArray())) {
            return rows.map(SqlitePreferenceStore::toPreference).toList();
        }
    }

    @Override
    public Optional<LearnedPreference> transition(Tenant tenant, PreferenceId id, PreferenceAction action, Instant now) {
        Instant at = Timestamps.truncate(now);
        return inTransaction("change the preference", tx -> findIn(tx, tenant, id).map(p -> {
            LearnedPreference after = p.after(action, at);
            tx.update("UPDATE learned_preferences SET state = ?, updated_at = ? WHERE tenant = ? AND id = ? AND state = ?",
                    after.state().wireName(), Timestamps.format(at), tenant.value(), id.value(),
                    action.from().wireName());
            return after;
        }));
    }

    @Override
    public Optional<LearnedPreference> linkMemory(Tenant tenant, PreferenceId id, Optional<MemoryId> memory, Instant now) {
        Instant at = Timestamps.truncate(now);
        return inTransaction("link the preference's memory", tx -> findIn(tx, tenant, id).map(p -> {
            tx.update("UPDATE learned_preferences SET memory_id = ?, updated_at = ? WHERE tenant = ? AND id = ?",
                    memory.map(MemoryId::value).orElse(null), Timestamps.format(at), tenant.value(), id.value());
            return p.withMemory(memory, at);
        }));
    }

    private static LearnedPreference toPreference(DbRow r) {
        long memory = Columns.longValue(r, "memory_id");
        return new LearnedPreference(
                PreferenceId.of(Columns.longValue(r, "id")),
                Tenant.of(Columns.string(r, "tenant")),
                PreferenceDimension.parse("dimension", Columns.string(r, "dimension")),
                Columns.string(r, "content"),
                PreferenceKind.parse("kind", Columns.string(r, "kind")),
                PreferenceState.parse("state", Columns.string(r, "state")),
                Columns.longValue(r, "evidence"),
                PreferenceSource.parse("source", Columns.string(r, "source")),
                memory == 0 ? Optional.empty() : Optional.of(MemoryId.of(memory)),
                Timestamps.parse(Columns.string(r, "created_at")),
                Timestamps.parse(Columns.string(r, "updated_at")));
    }

    /**
     * The store's one way to run a transaction: commit on success, roll back and classify on failure.
     * Kept in this single method so switching to a shared transaction helper is a one-place change.
     */
    private <T> T inTransaction(String what, Function<DbTransaction, T> work) {
        DbTransaction tx = db.transaction();
        try {
            T result = work.apply(tx);
            tx.commit();
            return result;
        } catch (RuntimeException e) {
            Transactions.rollbackAfter(tx, e);
            throw SqliteMethodologyStore.failure(what, e);
        }
    }
}
