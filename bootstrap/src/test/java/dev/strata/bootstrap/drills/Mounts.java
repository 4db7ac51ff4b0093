package dev.strata.bootstrap.drills;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Real file systems for the storage drills: small tmpfs mounts that fill up or are mounted read-only,
 * and an ext4 image on a loop device whose kernel turns it read-only under a running process. Needs
 * root with CAP_SYS_ADMIN; {@link #assumeMountable()} skips the test otherwise. Every mount is recorded
 * so {@link #close()} can undo them even when the test failed halfway.
 */
final class Mounts implements AutoCloseable {

    private static Optional<String> unavailable;

    private final Deque<Path> mounted = new ArrayDeque<>();

    /** Skips the calling test, with the reason, when this process may not mount file systems. */
    static void assumeMountable() {
        Optional<String> reason = unavailableReason();
        Assumptions.assumeTrue(reason.isEmpty(), () -> "real-mount drill skipped: " + reason.orElse(""));
    }

    private static synchronized Optional<String> unavailableReason() {
        if (unavailable == null) {
            unavailable = probe();
        }
        return unavailable;
    }

    private static Optional<String> probe() {
        if (!System.getProperty("os.name", "").toLowerCase().contains("linux")) {
            return Optional.of("mount drills need Linux");
        }
        Path dir;
        try {
            dir = Files.createTempDirectory("strata-mount-probe");
        } catch (IOException e) {
            return Optional.of("no temporary directory: " + e.getMessage());
        }
        try {
            Run mount = run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir.toString());
            if (mount.code() != 0) {
                return Optional.of("mounting a tmpfs is not permitted here (needs root with CAP_SYS_ADMIN): "
                        + mount.output().strip());
            }
            unmount(dir);
            return Optional.empty();
        } finally {
            try {
                Files.deleteIfExists(dir);
            } catch (IOException ignored) {
                // An empty directory in the temporary folder; nothing depends on it.
            }
        }
    }

    /** Mounts a tmpfs of the given options (for example {@code size=256k} or {@code ro,size=1m}) on dir. */
    Path tmpfs(Path dir, String options) throws IOException {
        Files.createDirectories(dir);
        require(run("mount", "-t", "tmpfs", "-o", options, "tmpfs", dir.toString()), "mount tmpfs on " + dir);
        mounted.push(dir);
        return dir;
    }

    /**
     * Formats an ext4 image of the given size and mounts it on dir with {@code errors=remount-ro}, the
     * setting under which the kernel turns a failing file system read-only while it is in use. Skips the
     * test when loop devices or ext4 are not available.
     */
    Path ext4(Path image, Path dir, int megabytes) throws IOException {
        Files.createDirectories(dir);
        try (var file = java.nio.channels.FileChannel.open(image, StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE)) {
            file.truncate(0).position((long) megabytes << 20).write(java.nio.ByteBuffer.allocate(1));
        }
        Run mkfs = run("mkfs.ext4", "-q", "-F", image.toString());
        Assumptions.assumeTrue(mkfs.code() == 0, () -> "real-mount drill skipped: mkfs.ext4 failed: " + mkfs.output());
        return ext4Existing(image, dir);
    }

    /** Mounts an ext4 image made by {@link #ext4} again, read-write. */
    Path ext4Existing(Path image, Path dir) {
        Run mount = run("mount", "-t", "ext4", "-o", "loop,errors=remount-ro", image.toString(), dir.toString());
        Assumptions.assumeTrue(mount.code() == 0,
                () -> "real-mount drill skipped: no loop-mounted ext4 here: " + mount.output());
        mounted.push(dir);
        return dir;
    }

    /**
     * Makes the kernel record an error on the ext4 file system at dir, which {@code errors=remount-ro}
     * answers by switching it read-only at once, open files and all: what a failing disk does to a
     * running server. ({@code mount -o remount,ro} cannot do this: it is refused while any file is open
     * for writing, as SQLite's are.)
     */
    static void failExt4(Path dir) throws IOException {
        Run source = run("findmnt", "-no", "SOURCE", dir.toString());
        require(source, "find the device of " + dir);
        String device = Path.of(source.output().strip()).getFileName().toString();
        Path trigger = Path.of("/sys/fs/ext4", device, "trigger_fs_error");
        Assumptions.assumeTrue(Files.isWritable(trigger),
                () -> "real-mount drill skipped: this kernel has no " + trigger);
        Files.writeString(trigger, "strata storage drill\n");
    }

    static void remount(Path dir, String options) {
        require(run("mount", "-o", "remount," + options, dir.toString()), "remount " + dir + " " + options);
    }

    /**
     * Whether the file system mounted at dir is currently read-only: mounted {@code ro}, or switched
     * read-only by the kernel after an error (recent kernels list that as {@code emergency_ro}).
     */
    static boolean isReadOnly(Path dir) {
        Run options = run("findmnt", "-no", "OPTIONS", dir.toString());
        require(options, "read the mount options of " + dir);
        List<String> flags = List.of(options.output().strip().split(","));
        return flags.contains("ro") || flags.contains("emergency_ro");
    }

    /**
     * Writes a filler file until the file system has at most {@code leave} bytes left (0: until the
     * kernel answers "no space left"), and returns it; deleting it frees the space again.
     */
    static Path fill(Path dir, long leave) throws IOException {
        Path filler = dir.resolve("filler");
        long target = Math.max(0, Files.getFileStore(dir).getUsableSpace() - leave);
        byte[] block = new byte[4096];
        long written = 0;
        try (OutputStream out = Files.newOutputStream(filler, StandardOpenOption.CREATE_NEW)) {
            while (leave == 0 || written + block.length <= target) {
                out.write(block);
                written += block.length;
            }
        } catch (IOException e) {
            if (leave > 0 || !String.valueOf(e.getMessage()).contains("No space left")) {
                throw e;
            }
        }
        return filler;
    }

    /** Unmounts everything this instance mounted, newest first; lazily when a plain unmount is refused. */
    @Override
    public void close() {
        while (!mounted.isEmpty()) {
            unmount(mounted.pop());
        }
    }

    private static void unmount(Path dir) {
        if (run("umount", dir.toString()).code() != 0) {
            // Something still holds a file there (a server that failed to stop): detach it anyway so the
            // temporary directory can be removed; the kernel frees the file system when the last user goes.
            run("umount", "-l", dir.toString());
        }
    }

    record Run(int code, String output) {
    }

    static Run run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Run(-1, String.join(" ", command) + " timed out");
            }
            return new Run(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new Run(-1, String.join(" ", command) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Run(-1, String.join(" ", command) + " interrupted");
        }
    }

    private static void require(Run run, String what) {
        if (run.code() != 0) {
            throw new IllegalStateException("cannot " + what + ": " + run.output().strip());
        }
    }
}
