package dev.strata.adapters.llm.embedding;

import com.sun.jna.Library;
import com.sun.jna.Native;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Background threads that give the CPU to request threads: each lowers its own scheduling priority (Linux
 * "nice") as it starts. The embedding worker computes vectors on its own thread (one inference thread, on the
 * caller's thread), for seconds at a stretch behind a large backlog; at the same priority as the request
 * threads it took a fair share of a 2-core machine from them, and request latencies grew 2-3x while a backlog
 * was embedded, with the write lock not involved (issue 13, {@code bench load --backlog}). At nice 10 the kernel
 * gives it about a tenth of a request thread's share while requests run, and every idle cycle when they do not,
 * so the backlog drains at full speed on a quiet server.
 *
 * <p>Linux only (glibc's {@code gettid} and {@code setpriority} on the thread's id, through JNA); elsewhere, or
 * when the call fails, the thread keeps its priority and one line says so. Lowering one's own priority needs no
 * privilege.
 */
public final class BackgroundPriority {

    private static final System.Logger LOG = System.getLogger(BackgroundPriority.class.getName());
    /** {@code PRIO_PROCESS}: with a thread id as {@code who}, Linux sets that one thread's nice value. */
    private static final int PRIO_PROCESS = 0;
    private static final AtomicBoolean WARNED = new AtomicBoolean();

    /** The C library calls used, nothing more. */
    private interface LibC extends Library {
        int gettid();

        int setpriority(int which, int who, int prio);
    }

    private BackgroundPriority() {
    }

    /**
     * Daemon platform threads named {@code name} that run at {@code nice} (1..19; 0 leaves the priority alone).
     */
    public static ThreadFactory threads(String name, int nice) {
        Objects.requireNonNull(name, "name");
        if (nice < 0 || nice > 19) {
            throw new IllegalArgumentException("nice must be in 0..19: " + nice);
        }
        return work -> Thread.ofPlatform().name(name).daemon().unstarted(() -> {
            if (nice > 0) {
                lowerCurrentThread(nice);
            }
            work.run();
        });
    }

    /**
     * Sets the calling thread's nice value to {@code nice}; true when the OS accepted it.
     */
    static boolean lowerCurrentThread(int nice) {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            return unavailable("not on Linux");
        }
        try {
            LibC c = Native.load("c", LibC.class);
            int tid = c.gettid();
            if (c.setpriority(PRIO_PROCESS, tid, nice) != 0) {
                return unavailable("setpriority failed with errno " + Native.getLastError());
            }
            return true;
        } catch (LinkageError | RuntimeException e) {
            return unavailable(e.getMessage());
        }
    }

    private static boolean unavailable(String why) {
        if (WARNED.compareAndSet(false, true)) {
            LOG.log(System.Logger.Level.INFO, "background threads keep their CPU priority (" + why + ")");
        }
        return false;
    }

    /** The calling thread's nice value as the OS reports it, or -100 when it cannot be read (tests). */
    static int currentNice() {
        try {
            String s = Files.readString(Path.of("/proc/thread-self/stat"));
            // Fields after the command name (in parentheses, which may hold spaces): nice is field 19.
            String[] fields = s.substring(s.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(fields[16]);
        } catch (IOException | RuntimeException e) {
            return -100;
        }
    }
}
