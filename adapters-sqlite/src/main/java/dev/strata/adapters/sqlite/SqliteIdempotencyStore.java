package dev.strata.adapters.sqlite;

import dev.strata.domain.idempotency.IdempotencyKey;
import dev.strata.domain.idempotency.IdempotencyRecord;
import dev.strata.domain.idempotency.IdempotencyRecord.State;
import dev.strata.domain.idempotency.IdempotencyStore;
import dev.strata.domain.idempotency.StoredAnswer;
import dev.strata.domain.memory.Tenant;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * {@link IdempotencyStore} on {@code idempotency_keys} (migration 19). The claim marks itself applied
 * inside the first transaction of the keyed request that commits ({@link CommitMarks}), so after a
 * crash the row tells a request that wrote from one that did not. Writes that bypass the transaction
 * helper (single autocommit statements: soft delete, restore, profile and vault values, sessions) are
 * not marked; a crash between one of them and the kept answer runs the retry again, which for those
 * writes ends in the same state.
 */
public final class SqliteIdempotencyStore implements IdempotencyStore {

    private static final String COLUMNS = "tenant, key, fingerprint, state, claimed_at, status, content_type, "
            + "location, body";

    private final SqliteDatabase database;
    private final Transactions transactions;

    public SqliteIdempotencyStore(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.transactions = new Transactions(database);
    }

    @Override
    public Optional<IdempotencyRecord> claim(Tenant tenant, IdempotencyKey key, String fingerprint, Instant now,
                                             Instant expiredBefore) {
        return transactions.write("claim the Idempotency-Key", c -> {
            Optional<IdempotencyRecord> existing = read(c, tenant, key);
            if (existing.isPresent() && !existing.get().claimedAt().isBefore(expiredBefore)) {
                return existing;
            }
            Jdbc.update(c, "INSERT OR REPLACE INTO idempotency_keys(tenant, key, fingerprint, state, claimed_at) "
                    + "VALUES (?, ?, ?, 'pending', ?)", tenant.value(), key.value(), fingerprint, Timestamps.format(now));
            return Optional.empty();
        });
    }

    @Override
    public <T> T markingWrites(Tenant tenant, IdempotencyKey key, Supplier<T> work) {
        return CommitMarks.during(database, c -> Jdbc.update(c, "UPDATE idempotency_keys SET state = 'applied' "
                + "WHERE tenant = ? AND key = ? AND state = 'pending'", tenant.value(), key.value()), work);
    }

    @Override
    public void answer(Tenant tenant, IdempotencyKey key, StoredAnswer answer) {
        transactions.write("keep the answer of the Idempotency-Key", c -> Jdbc.update(c,
                "UPDATE idempotency_keys SET state = 'answered', status = ?, content_type = ?, location = ?, body = ? "
                        + "WHERE tenant = ? AND key = ?", answer.status(), answer.contentType(),
                answer.location().orElse(null), answer.body(), tenant.value(), key.value()));
    }

    @Override
    public boolean releaseIfPending(Tenant tenant, IdempotencyKey key) {
        return transactions.write("free the Idempotency-Key", c -> Jdbc.update(c,
                "DELETE FROM idempotency_keys WHERE tenant = ? AND key = ? AND state = 'pending'",
                tenant.value(), key.value()) == 1);
    }

    @Override
    public Optional<IdempotencyRecord> find(Tenant tenant, IdempotencyKey key) {
        try (Connection c = database.connection()) {
            return read(c, tenant, key);
        } catch (SQLException e) {
            throw new dev.strata.domain.error.UnavailableException("could not read the Idempotency-Key: "
                    + e.getMessage(), e);
        }
    }

    /** Background work, in slices that give way to request writers ({@link SlicedPurge}). */
    @Override
    public int purgeClaimedBefore(Instant cutoff) {
        String before = Timestamps.format(cutoff);
        return SlicedPurge.count(database, "purge expired Idempotency-Keys", SlicedPurge.DEFAULT_ROWS,
                (c, limit) -> Jdbc.update(c, "DELETE FROM idempotency_keys WHERE (tenant, key) IN (SELECT tenant, key "
                        + "FROM idempotency_keys WHERE claimed_at < ? LIMIT ?)", before, limit));
    }

    private static Optional<IdempotencyRecord> read(Connection c, Tenant tenant, IdempotencyKey key)
            throws SQLException {
        IdempotencyRecord[] found = {null};
        Jdbc.forEach(c, "SELECT " + COLUMNS + " FROM idempotency_keys WHERE tenant = ? AND key = ?",
                List.of(tenant.value(), key.value()), row -> found[0] = record(tenant, key, row));
        return Optional.ofNullable(found[0]);
    }

    private static IdempotencyRecord record(Tenant tenant, IdempotencyKey key, ResultSet row) throws SQLException {
        State state = State.valueOf(row.getString("state").toUpperCase(Locale.ROOT));
        Optional<StoredAnswer> answer = state == State.ANSWERED
                ? Optional.of(new StoredAnswer(row.getInt("status"), row.getString("content_type"),
                Optional.ofNullable(row.getString("location")), row.getString("body")))
                : Optional.empty();
        return new IdempotencyRecord(tenant, key, row.getString("fingerprint"), state,
                Timestamps.parse(row.getString("claimed_at")), answer);
    }
}
