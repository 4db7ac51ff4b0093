package dev.strata.bootstrap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * The check {@code serve} makes on its data directory before it opens the database: the directory must
 * exist (or be creatable), and the server must be able to write {@link #HEADROOM_BYTES} there and sync
 * them. Without it a read-only mount or a full disk shows up later, as a stack trace from the connection
 * pool, a zero-byte {@code strata.db}, or a server that starts and then refuses every write.
 *
 * <p>The check writes and syncs a real file instead of reading permission bits or free-space figures:
 * root ignores the bits, and the free space a process may use depends on who runs it (ext4 keeps a
 * reserve for root) and on quotas, which only the kernel knows when it is asked to store bytes.
 */
public final class DataDirectory {

    /**
     * What the server needs free to start: a new database holds about 600 KiB after its migrations
     * (file, write-ahead log and its 32 KiB index); an existing one needs room for the index and the
     * first log frames. Below this the disk is full for any practical purpose.
     */
    public static final int HEADROOM_BYTES = 1 << 20;

    private static final String PROBE_PREFIX = ".strata-write-check-";

    private DataDirectory() {
    }

    /**
     * Creates the directory when it is missing and proves it can take {@link #HEADROOM_BYTES}.
     *
     * @throws IllegalStateException with a one-line message naming the directory and the cause
     */
    public static void requireWritable(Path dataDir) {
        Path dir = dataDir.toAbsolutePath().normalize();
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new IllegalStateException("the data directory " + dir + " is not a directory");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IllegalStateException("cannot create the data directory " + dir + ": "
                    + cause(nearestExisting(dir), e), e);
        }
        Path probe = dir.resolve(PROBE_PREFIX + ProcessHandle.current().pid());
        try {
            try (FileChannel channel = FileChannel.open(probe, StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
                ByteBuffer block = ByteBuffer.allocate(64 * 1024);
                for (int written = 0; written < HEADROOM_BYTES; written += block.capacity()) {
                    block.clear();
                    while (block.hasRemaining()) {
                        channel.write(block);
                    }
                }
                // Network file systems and quotas may only refuse the bytes when they reach the disk.
                channel.force(true);
            }
        } catch (IOException e) {
            throw new IllegalStateException("the data directory " + dir + " " + problem(dir, e), e);
        } finally {
            try {
                Files.deleteIfExists(probe);
            } catch (IOException ignored) {
                // A file system that let the probe be written lets it be removed; if it went read-only
                // in between, the probe left behind is a harmless file named for what it is.
            }
        }
    }

    /** Why the probe failed, phrased as the rest of "the data directory X ...". */
    private static String problem(Path dir, IOException e) {
        String store = store(dir);
        if (isReadOnly(dir, e)) {
            return "is on a read-only file system" + store + "; remount it read-write or choose another --data-dir";
        }
        if (isFull(e)) {
            return "is full: less than " + HEADROOM_BYTES / (1024 * 1024) + " MiB free (" + usable(dir)
                    + " bytes usable" + store + "); free some space and start again";
        }
        return "is not writable: cannot write a test file there (" + reason(e) + ")";
    }

    private static String cause(Path existing, IOException e) {
        if (isReadOnly(existing, e)) {
            return "read-only file system" + store(existing);
        }
        return isFull(e) ? "no space left" + store(existing) : reason(e);
    }

    private static boolean isReadOnly(Path dir, IOException e) {
        if (reason(e).toLowerCase(Locale.ROOT).contains("read-only file system")) {
            return true;
        }
        try {
            return Files.getFileStore(dir).isReadOnly();
        } catch (IOException | RuntimeException unknown) {
            return false;
        }
    }

    private static boolean isFull(IOException e) {
        String reason = reason(e).toLowerCase(Locale.ROOT);
        return reason.contains("no space left") || reason.contains("quota exceeded");
    }

    private static String reason(IOException e) {
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** " on /mount/point (type)" when the file store is known. */
    private static String store(Path dir) {
        try {
            FileStore store = Files.getFileStore(dir);
            return " on " + store;
        } catch (IOException | RuntimeException unknown) {
            return "";
        }
    }

    private static long usable(Path dir) {
        try {
            return Files.getFileStore(dir).getUsableSpace();
        } catch (IOException e) {
            return 0;
        }
    }

    private static Path nearestExisting(Path dir) {
        Path p = dir;
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        return p == null ? dir.getRoot() : p;
    }
}
