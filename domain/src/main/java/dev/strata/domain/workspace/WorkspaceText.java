package dev.strata.domain.workspace;

/**
 * Text normalisation and the head-and-tail truncation applied to every workspace file. Pure, so
 * the same file always yields the same bytes in the prompt.
 */
public final class WorkspaceText {

    /** Share of the kept characters taken from the head; the rest comes from the tail (OpenClaw's 70:20). */
    private static final int HEAD_PARTS = 7;
    private static final int TAIL_PARTS = 2;

    private WorkspaceText() {
    }

    /** Drops a leading byte-order mark and turns CRLF and lone CR into LF. Line numbers are unchanged. */
    public static String normaliseLineEnds(String text) {
        String t = !text.isEmpty() && text.charAt(0) == '\uFEFF' ? text.substring(1) : text;
        return t.replace("\r\n", "\n").replace('\r', '\n');
    }

    /** {@link #normaliseLineEnds} plus no leading blank lines and no trailing whitespace. */
    public static String normalise(String text) {
        String t = normaliseLineEnds(text).stripTrailing();
        int start = 0;
        int lineStart = 0;
        while (lineStart < t.length()) {
            int newline = t.indexOf('\n', lineStart);
            if (newline < 0 || !t.substring(lineStart, newline).isBlank()) {
                break;
            }
            lineStart = newline + 1;
            start = lineStart;
        }
        return t.substring(start);
    }

    /**
     * The text itself when it fits in {@code maxChars}; otherwise its head and tail around a
     * marker that says what was cut and where the full text is. The result never exceeds
     * {@code maxChars} and never splits a surrogate pair.
     *
     * @param relativePath the file's path in the workspace, named in the marker
     * @param wholeSize    how the full file is measured in the marker, e.g. {@code "25000 characters"}
     */
    public static String truncate(String text, int maxChars, String relativePath, String wholeSize) {
        if (text.length() <= maxChars) {
            return text;
        }
        int reserve = marker(relativePath, maxChars, maxChars, wholeSize).length() + 2;
        int available = maxChars - reserve;
        if (available < HEAD_PARTS + TAIL_PARTS) {
            throw new IllegalArgumentException("maxChars " + maxChars + " leaves no room beside the truncation marker");
        }
        int headEnd = available * HEAD_PARTS / (HEAD_PARTS + TAIL_PARTS);
        if (Character.isHighSurrogate(text.charAt(headEnd - 1))) {
            headEnd--;
        }
        int tailStart = text.length() - (available - headEnd);
        if (Character.isLowSurrogate(text.charAt(tailStart))) {
            tailStart++;
        }
        String head = text.substring(0, headEnd);
        String tail = text.substring(tailStart);
        return head + "\n" + marker(relativePath, head.length(), tail.length(), wholeSize) + "\n" + tail;
    }

    /** The line that replaces the middle of a truncated file. */
    static String marker(String relativePath, int headChars, int tailChars, String wholeSize) {
        return "[...truncated " + relativePath + ": kept the first " + headChars + " and the last " + tailChars
                + " characters of " + wholeSize + "; read " + relativePath + " in the workspace for the full text...]";
    }
}
