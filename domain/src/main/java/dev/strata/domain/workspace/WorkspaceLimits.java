package dev.strata.domain.workspace;

import dev.strata.domain.error.InvalidInputException;

/**
 * How much of a workspace is read. The character caps and their defaults are OpenClaw's
 * ({@code bootstrapMaxChars} 20,000 and {@code bootstrapTotalMaxChars} 150,000), so users
 * moving an OpenClaw workspace over keep the limits they know.
 *
 * @param maxFileChars  per-file cap; a longer file keeps its head and tail around a marker
 * @param maxTotalChars cap over all files that reach the prompt, spent in priority order
 * @param maxFileBytes  at most this many bytes are read from one file (head and tail); at least 4 x maxFileChars
 * @param dailyNoteDays how many calendar days of {@code memory/YYYY-MM-DD.md}, ending today
 */
public record WorkspaceLimits(int maxFileChars, int maxTotalChars, long maxFileBytes, int dailyNoteDays) {

    public static final int DEFAULT_MAX_FILE_CHARS = 20_000;
    public static final int DEFAULT_MAX_TOTAL_CHARS = 150_000;
    public static final long DEFAULT_MAX_FILE_BYTES = 2L * 1024 * 1024;
    public static final int DEFAULT_DAILY_NOTE_DAYS = 3;

    /** Below this a truncated file would be mostly marker; also the smallest useful leftover budget. */
    public static final int MIN_FILE_CHARS = 512;

    /**
     * A byte-capped read must still decode to more than {@code maxFileChars} characters, so the
     * seam between the head and tail bytes always falls in the part that truncation cuts out.
     * UTF-8 needs at most 3 bytes per UTF-16 character; 4 leaves margin.
     */
    static final long BYTES_PER_CHAR_BOUND = 4;

    public WorkspaceLimits {
        if (maxFileChars < MIN_FILE_CHARS) {
            throw new InvalidInputException("maxFileChars", "must be at least " + MIN_FILE_CHARS);
        }
        if (maxTotalChars < maxFileChars) {
            throw new InvalidInputException("maxTotalChars", "must be at least maxFileChars (" + maxFileChars + ")");
        }
        if (maxFileBytes < BYTES_PER_CHAR_BOUND * maxFileChars) {
            throw new InvalidInputException("maxFileBytes",
                    "must be at least " + BYTES_PER_CHAR_BOUND + " x maxFileChars (" + BYTES_PER_CHAR_BOUND * maxFileChars + ")");
        }
        if (dailyNoteDays < 0 || dailyNoteDays > 366) {
            throw new InvalidInputException("dailyNoteDays", "must be between 0 and 366");
        }
    }

    public static WorkspaceLimits defaults() {
        return new WorkspaceLimits(DEFAULT_MAX_FILE_CHARS, DEFAULT_MAX_TOTAL_CHARS, DEFAULT_MAX_FILE_BYTES,
                DEFAULT_DAILY_NOTE_DAYS);
    }
}
