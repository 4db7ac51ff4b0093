package dev.strata.adapters.sqlite;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * An operating-system lock on {@code <database>.lock} beside the database file, which tells whether the
 * database is live. Everything that opens the database holds it shared, so servers and CLI commands can
 * share one file as SQLite allows; a restore takes it exclusively and so can neither start while the
 * database is open nor let anything open it midway. The kernel drops the lock when its process dies,
 * even by SIGKILL, so a crash never leaves a stale lock behind.
 *
 * <p>The lock file is separate from SQLite's files on purpose: POSIX locks belong to the process, and
 * closing any descriptor of a file would silently release SQLite's own locks on it. Java refuses a second
 * lock on the same file within one JVM, so holders in this JVM are counted here instead.
 */
final class DatabaseLock implements AutoCloseable {

    private static final Map<Path, Held> HELD = new HashMap<>();

    private final Path key;
    private boolean released;

    private DatabaseLock(Path key) {
        this.key = key;
    }

    /** The lock file that guards a database file. */
    public static Path lockFile(Path database) {
        Path absolute = database.toAbsolutePath();
        return absolute.resolveSibling(absolute.getFileName() + ".lock");
    }

    /**
     * Takes the lock shared, for a server or command that opens the database.
     *
     * @throws IllegalStateException when a restore holds the database, or the directory is not writable
     */
    public static DatabaseLock shared(Path database) {
        Path key = lockFile(database);
        synchronized (HELD) {
            Held held = HELD.get(key);
            if (held != null) {
                if (held.exclusive) {
                    throw restoring(database);
                }
                held.holders++;
                return new DatabaseLock(key);
            }
            FileChannel channel = openChannel(key);
            FileLock lock = tryLock(channel, true);
            if (lock == null) {
                close(channel);
                throw restoring(database);
            }
            HELD.put(key, new Held(channel, lock, false));
            return new DatabaseLock(key);
        }
    }

    /** Takes the lock exclusively when nothing, in any process, has the database open; empty otherwise. */
    public static Optional<DatabaseLock> tryExclusive(Path database) {
        Path key = lockFile(database);
        synchronized (HELD) {
            if (HELD.containsKey(key)) {
                return Optional.empty();
            }
            FileChannel channel = openChannel(key);
            FileLock lock = tryLock(channel, false);
            if (lock == null) {
                close(channel);
                return Optional.empty();
            }
            HELD.put(key, new Held(channel, lock, true));
            return Optional.of(new DatabaseLock(key));
        }
    }

    private static FileChannel openChannel(Path lockFile) {
        try {
            return FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IllegalStateException("the data directory " + lockFile.getParent() + " does not exist", e);
        } catch (IOException | SecurityException e) {
            throw new IllegalStateException("the data directory " + lockFile.getParent() + " is not writable (cannot "
                    + "create " + lockFile.getFileName() + ": " + describe(e) + ")", e);
        }
    }

    private static FileLock tryLock(FileChannel channel, boolean shared) {
        try {
            return channel.tryLock(0, Long.MAX_VALUE, shared);
        } catch (OverlappingFileLockException e) {
            return null;
        } catch (IOException e) {
            close(channel);
            throw new IllegalStateException("cannot lock the database: " + describe(e), e);
        }
    }

    private static IllegalStateException restoring(Path database) {
        return new IllegalStateException("the database " + database.toAbsolutePath() + " is being restored; "
                + "start again when the restore has finished");
    }

    private static String describe(Exception e) {
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage());
    }

    private static void close(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // Nothing was locked through this channel; the descriptor is gone either way.
        }
    }

    @Override
    public void close() {
        synchronized (HELD) {
            if (released) {
                return;
            }
            released = true;
            Held held = HELD.get(key);
            if (held != null && --held.holders == 0) {
                HELD.remove(key);
                try {
                    held.lock.release();
                } catch (IOException ignored) {
                    // Closing the channel below releases it as well.
                }
                close(held.channel);
            }
        }
    }

    private static final class Held {
        final FileChannel channel;
        final FileLock lock;
        final boolean exclusive;
        int holders = 1;

        Held(FileChannel channel, FileLock lock, boolean exclusive) {
            this.channel = channel;
            this.lock = lock;
            this.exclusive = exclusive;
        }
    }
}
