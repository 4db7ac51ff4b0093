package dev.strata.bootstrap.idempotency;

import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteIdempotencyStore;
import dev.strata.application.idempotency.IdempotencyService;
import dev.strata.bootstrap.area.AreaModule;
import dev.strata.bootstrap.area.Job;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * Safe retries: the {@code Idempotency-Key} service every front end shares (REST, the tools, MCP), kept in
 * the same database as the writes it guards, and the hourly purge of keys older than 24 hours.
 */
public final class IdempotencyModule implements AreaModule {

    static final Duration PURGE_PERIOD = Duration.ofHours(1);

    private final IdempotencyService idempotency;

    private IdempotencyModule(IdempotencyService idempotency) {
        this.idempotency = idempotency;
    }

    public static IdempotencyModule wire(SqliteDatabase db, Clock clock) {
        return new IdempotencyModule(new IdempotencyService(new SqliteIdempotencyStore(db), clock));
    }

    public IdempotencyService idempotency() {
        return idempotency;
    }

    @Override
    public List<Job> jobs() {
        return List.of(Job.every(PURGE_PERIOD, "purge of expired Idempotency-Keys", idempotency::purgeExpired));
    }
}
