package dev.strata.adapters.sqlite;

import dev.strata.domain.learning.Learning;
import dev.strata.domain.learning.LearningId;
import dev.strata.domain.learning.LearningStore;
import dev.strata.domain.learning.NewLearning;
import dev.strata.domain.memory.QueryText;
import dev.strata.domain.memory.Tenant;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbExecute;
import io.helidon.dbclient.DbRow;
import io.helidon.dbclient.DbTransaction;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** {@link LearningStore} on {@code learnings} and its FTS5 index {@code learnings_fts} (migration 12). */
public final class SqliteLearningStore implements LearningStore {

    private static final String COLUMNS = "l.id, l.tenant, l.task, l.steps, l.context, l.times_used, l.created_at, "
            + "l.updated_at";

    private final DbClient db;

    public SqliteLearningStore(SqliteDatabase database) {
        this.db = database.dbClient();
    }

    @Override
    public Recorded record(NewLearning learning, Instant now) {
        Instant at = Timestamps.truncate(now);
        String ts = Timestamps.format(at);
        return inTransaction("record the learning", tx -> {
            Optional<Learning> same = tx.get("SELECT " + COLUMNS + " FROM learnings l WHERE l.tenant = ? "
                    + "AND l.normalized_task = ?", learning.tenant().value(), learning.normalizedTask())
                    .map(SqliteLearningStore::toLearning);
            if (same.isPresent()) {
                Learning e = same.get();
                tx.update("UPDATE learnings SET steps = ?, context = ?, times_used = times_used + 1, updated_at = ? "
                        + "WHERE tenant = ? AND id = ?", learning.steps(), learning.context(), ts, e.tenant().value(),
                        e.id().value());
                return new Recorded(new Learning(e.id(), e.tenant(), e.task(), learning.steps(), learning.context(),
                        e.timesUsed() + 1, e.createdAt(), at), false);
            }
            tx.insert("INSERT INTO learnings(tenant, task, normalized_task, steps, context, times_used, created_at, "
                            + "updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)", learning.tenant().value(), learning.task(),
                    learning.normalizedTask(), learning.steps(), learning.context(), ts, ts);
            long id = Columns.longValue(tx.get("SELECT last_insert_rowid() AS id").orElseThrow(), "id");
            return new Recorded(new Learning(LearningId.of(id), learning.tenant(), learning.task(), learning.steps(),
                    learning.context(), 1, at, at), true);
        });
    }

    @Override
    public Optional<Learning> find(Tenant tenant, LearningId id) {
        return db.execute().get("SELECT " + COLUMNS + " FROM learnings l WHERE l.tenant = ? AND l.id = ?", tenant.value(),
                id.value()).map(SqliteLearningStore::toLearning);
    }

    @Override
    public List<Learning> list(Tenant tenant, int limit) {
        return query(db.execute(), "SELECT " + COLUMNS + " FROM learnings l WHERE l.tenant = ? "
                + "ORDER BY l.updated_at DESC, l.id DESC LIMIT ?", tenant.value(), limit);
    }

    /** BM25 over task, steps and context; every keyword is quoted, so no stored or typed word acts as an operator. */
    @Override
    public List<Learning> search(Tenant tenant, String query, int limit) {
        List<String> keywords = QueryText.keywords(query);
        if (keywords.isEmpty()) {
            return List.of();
        }
        String match = keywords.stream().map(k -> '"' + k + '"').collect(Collectors.joining(" OR "));
        return query(db.execute(), "SELECT " + COLUMNS + " FROM learnings_fts JOIN learnings l ON l.id = learnings_fts.rowid "
                + "WHERE learnings_fts MATCH ? AND l.tenant = ? ORDER BY bm25(learnings_fts), l.id LIMIT ?", match,
                tenant.value(), limit);
    }

    private static List<Learning> query(DbExecute exec, String sql, Object... params) {
        try (Stream<DbRow> rows = exec.query(sql, params)) {
            return rows.map(SqliteLearningStore::toLearning).toList();
        }
    }

    private static Learning toLearning(DbRow r) {
        return new Learning(
                LearningId.of(Columns.longValue(r, "id")),
                Tenant.of(Columns.string(r, "tenant")),
                Columns.string(r, "task"),
                Columns.string(r, "steps"),
                Columns.string(r, "context"),
                Columns.longValue(r, "times_used"),
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
