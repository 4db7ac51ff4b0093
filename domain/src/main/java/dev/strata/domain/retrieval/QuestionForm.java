package dev.strata.domain.retrieval;

import dev.strata.domain.memory.QueryText;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A question's scaffolding, apart from what it asks about. "What kind of art does Caroline make?"
 * asks about Caroline's art; "what kind of" and "does" only say that the answer is a sort of
 * something, and no memory that answers it says "kind". Stop-words already go; these are the words
 * questions add on top: the answer-type words (kind, type, sort, many) and the hedges of inference
 * questions (likely, probably), which match memories that merely use them. "name" stays: the answer
 * to "what is the dog's name" is often "a puppy named Biscuit", and the stemmer matches the two.
 */
public final class QuestionForm {

    /** Words that, in a question, describe the answer's form rather than its content. */
    static final Set<String> ANSWER_TYPE_WORDS = Set.of(
            "kind", "kinds", "type", "types", "sort", "sorts", "likely", "probably",
            "specific", "specifically", "many", "much", "exactly", "ever", "usually");

    private static final Pattern QUESTION_START = Pattern.compile(
            "^\\s*(what|which|who|whom|whose|when|where|why|how|would|could|does|did|do|is|are|was|were|has|have|can)\\b",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+");

    private QuestionForm() {
    }

    /** Whether the text reads as a question: a trailing '?' or a leading question word. */
    public static boolean isQuestion(String text) {
        return text.strip().endsWith("?") || QUESTION_START.matcher(text).find();
    }

    /**
     * The question without its answer-type words (the text itself when it is no question, or when nothing
     * but such words and stop-words would remain).
     */
    public static String content(String text) {
        if (!isQuestion(text)) {
            return text;
        }
        StringBuilder out = new StringBuilder();
        var m = WORD.matcher(text);
        int last = 0;
        boolean kept = false;
        while (m.find()) {
            out.append(text, last, m.start());
            String word = m.group();
            if (ANSWER_TYPE_WORDS.contains(word.toLowerCase(Locale.ROOT))) {
                // dropped
            } else {
                out.append(word);
                kept |= !QueryText.isStopWord(word);
            }
            last = m.end();
        }
        out.append(text.substring(last));
        return kept ? out.toString().replaceAll("\\s{2,}", " ").replaceAll("\\s+([?.!,;:])", "$1").strip() : text;
    }
}
