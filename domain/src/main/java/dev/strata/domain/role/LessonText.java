package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;

/**
 * A lesson is at most two sentences (the spec's "≤2 sentences"), on one line, and bounded: it is
 * injected into later sessions, so a model that rambles must not grow the prompt. Longer answers
 * are cut after the second sentence rather than refused; the model did the work and the first
 * sentences carry the point.
 */
public final class LessonText {

    public static final int MAX_SENTENCES = 2;
    public static final int MAX_CHARS = 400;

    private LessonText() {
    }

    /** The first two sentences of {@code raw}, on one line, at most {@value #MAX_CHARS} characters. */
    public static String of(String raw) {
        if (raw == null || raw.isBlank()) {
            throw new InvalidInputException("lesson", "must not be blank");
        }
        String line = raw.replaceAll("[\\r\\n\\u2028\\u2029\\t]+", " ").replaceAll(" {2,}", " ").strip();
        if (line.startsWith("\"") && line.endsWith("\"") && line.length() > 1) {
            line = line.substring(1, line.length() - 1).strip();
        }
        int sentences = 0;
        int cut = line.length();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            boolean end = (c == '.' || c == '!' || c == '?') && (i + 1 == line.length() || line.charAt(i + 1) == ' ');
            if (end || c == '。' || c == '！' || c == '？') {
                sentences++;
                if (sentences == MAX_SENTENCES) {
                    cut = i + 1;
                    break;
                }
            }
        }
        String kept = line.substring(0, cut).strip();
        if (kept.length() > MAX_CHARS) {
            kept = kept.substring(0, MAX_CHARS - 1).strip() + "…";
        }
        if (kept.isBlank()) {
            throw new InvalidInputException("lesson", "must not be blank");
        }
        return kept;
    }
}
