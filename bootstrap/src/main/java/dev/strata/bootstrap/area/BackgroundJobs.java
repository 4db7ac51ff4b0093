package dev.strata.bootstrap.area;

import dev.strata.adapters.sqlite.SqliteDatabase;

import java.util.Objects;

/**
 * The one way a {@link Job} runs (issue 13: background work never makes a request writer wait for more than one
 * short slice). Each run goes through {@link SqliteDatabase#runAsBackgroundJob}: every transaction the job's use
 * case opens becomes a background slice that gives way to request writers, and a row it changes past them is
 * counted and logged. The server's scheduler calls {@link #runOnce} and nothing else calls {@link Job#useCase()}
 * (an architecture rule), so a new area's job cannot write as if it were a request.
 */
public final class BackgroundJobs {

    private BackgroundJobs() {
    }

    /** One run of {@code job} on this thread, as background work on {@code db}. */
    public static void runOnce(SqliteDatabase db, Job job) {
        Objects.requireNonNull(db, "db");
        Objects.requireNonNull(job, "job");
        db.runAsBackgroundJob(job.what(), job.useCase());
    }
}
