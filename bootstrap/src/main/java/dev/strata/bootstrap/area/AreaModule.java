package dev.strata.bootstrap.area;

import java.util.List;

/**
 * The wiring of one area: {@code static XModule wire(SqliteDatabase db, XSettings s, <modules it needs>,
 * Clock clock)} builds its adapters and services, getters expose the services, {@link #jobs()} declares
 * its background work and {@link #close()} stops what it started. A module never reads configuration.
 */
public interface AreaModule extends AutoCloseable {

    /** The area's background jobs, for the server to schedule (CLI commands do not run them). */
    default List<Job> jobs() {
        return List.of();
    }

    /** Stops the area's own threads; the database is closed by whoever opened it. */
    @Override
    default void close() {
    }
}
