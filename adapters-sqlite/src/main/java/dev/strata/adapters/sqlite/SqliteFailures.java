package dev.strata.adapters.sqlite;

import dev.strata.domain.error.UnavailableException;
import org.sqlite.SQLiteException;

import java.sql.SQLException;
import java.sql.SQLTransientException;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * Tells a storage outage from a bug. A full disk, a file turned read-only, an I/O error, a lock held
 * past the busy timeout or an exhausted connection pool are conditions of the machine: the request may
 * succeed later and the file is intact (SQLite rolls the transaction back), so callers answer "service
 * unavailable". Anything else (a constraint, bad SQL) stays an internal error.
 */
public final class SqliteFailures {

    /** Primary SQLite result codes that mean the storage, not the request, is at fault. */
    private static final Set<Integer> UNAVAILABLE = Set.of(
            5,  // SQLITE_BUSY
            6,  // SQLITE_LOCKED
            7,  // SQLITE_NOMEM
            8,  // SQLITE_READONLY (and its extended codes)
            10, // SQLITE_IOERR (and its extended codes)
            13, // SQLITE_FULL
            14, // SQLITE_CANTOPEN
            15  // SQLITE_PROTOCOL
    );

    private SqliteFailures() {
    }

    /**
     * The driver's words when a BEGIN or COMMIT failed underneath it (a read-only or full file refuses
     * them) and the rollback or auto-commit reset that follows finds no transaction: the error that
     * reaches the caller then hides the storage error that caused it.
     */
    private static final Set<String> AFTER_A_FAILED_TRANSACTION = Set.of(
            "cannot rollback - no transaction is active", "cannot commit - no transaction is active");

    /**
     * The storage condition behind a failure, in an operator's words ("the disk is full (SQLITE_FULL)"),
     * or empty when SQLite did not blame the storage.
     */
    public static Optional<String> storageCondition(Throwable failure) {
        for (Throwable t = failure; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof SQLiteException e) {
                String condition = switch (e.getResultCode().code & 0xff) {
                    case 13 -> "the disk is full";
                    case 8 -> "the file system or file is read-only";
                    case 10 -> "the storage reported an I/O error";
                    case 14 -> "the file cannot be opened";
                    default -> null;
                };
                if (condition != null) {
                    return Optional.of(condition + " (" + e.getResultCode().name() + ")");
                }
                if (e.getMessage() != null && AFTER_A_FAILED_TRANSACTION.stream().anyMatch(e.getMessage()::contains)) {
                    return Optional.of(REFUSED_COMMIT);
                }
            }
            for (Throwable suppressed : t.getSuppressed()) {
                Optional<String> condition = storageCondition(suppressed);
                if (condition.isPresent()) {
                    return condition;
                }
            }
        }
        return Optional.empty();
    }

    /**
     * What {@link #storageCondition} says when only the aftermath of a refused COMMIT is left: the
     * connection pool's rollback error replaced SQLite's own (full, read-only, I/O) on the way up.
     */
    public static final String REFUSED_COMMIT = "the storage refused to commit (full, read-only or failing)";

    /**
     * How long a client should wait before retrying after contention: the lock is held past the busy timeout
     * by a transaction that ends within moments, or the pool has no connection free for the same reason.
     */
    public static final Duration CONTENTION_RETRY = Duration.ofSeconds(1);

    /**
     * A storage failure as {@link UnavailableException}, with a retry hint when it was contention (SQLITE_BUSY
     * or SQLITE_LOCKED, or no pooled connection in time). A full disk, a read-only file or an I/O error gets
     * none: no retry works until an operator acts, and a hint would invite a loop.
     */
    public static UnavailableException unavailable(String message, Throwable cause) {
        return isContention(cause) ? new UnavailableException(message, cause, CONTENTION_RETRY)
                : new UnavailableException(message, cause);
    }

    /** When a retry after {@code failure} may work: {@link #CONTENTION_RETRY} for contention, else empty. */
    public static Optional<Duration> retryAfter(Throwable failure) {
        return isContention(failure) ? Optional.of(CONTENTION_RETRY) : Optional.empty();
    }

    /** Whether the failure, or any of its causes, is another writer holding the lock or an exhausted pool. */
    static boolean isContention(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            int code = t instanceof SQLiteException e ? e.getResultCode().code & 0xff
                    : t instanceof SQLException e && e.getMessage() != null && e.getMessage().startsWith("[SQLITE_")
                    ? e.getErrorCode() & 0xff : -1;
            if (code == 5 || code == 6 || t instanceof SQLTransientException) {
                return true;
            }
            for (Throwable suppressed : t.getSuppressed()) {
                if (isContention(suppressed)) {
                    return true;
                }
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    /** Whether the failure, or any of its causes, is a storage outage rather than a defect. */
    public static boolean isUnavailable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLiteException e && UNAVAILABLE.contains(e.getResultCode().code & 0xff)) {
                return true;
            }
            if (t instanceof SQLiteException e && e.getMessage() != null
                    && AFTER_A_FAILED_TRANSACTION.stream().anyMatch(e.getMessage()::contains)) {
                return true;
            }
            for (Throwable suppressed : t.getSuppressed()) {
                if (isUnavailable(suppressed)) {
                    return true;
                }
            }
            // Hikari's "connection is not available" after its timeout.
            if (t instanceof SQLTransientException) {
                return true;
            }
            if (t instanceof SQLException e && !(t instanceof SQLiteException)
                    && UNAVAILABLE.contains(e.getErrorCode() & 0xff) && e.getMessage() != null
                    && e.getMessage().startsWith("[SQLITE_")) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }
}
