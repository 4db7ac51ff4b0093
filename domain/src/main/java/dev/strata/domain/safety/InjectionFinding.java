package dev.strata.domain.safety;

import java.util.Objects;

/**
 * One suspicious spot in a text.
 *
 * @param rule    what was matched
 * @param line    1-based line of the match
 * @param excerpt the matched text (at most {@value #MAX_EXCERPT} characters, invisible characters
 *                spelled as code points such as {@code U+200B}) so a human can find it
 */
public record InjectionFinding(InjectionRule rule, int line, String excerpt) {

    public static final int MAX_EXCERPT = 80;

    public InjectionFinding {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(excerpt, "excerpt");
        if (line < 1) {
            throw new IllegalArgumentException("line must be >= 1");
        }
        if (excerpt.length() > MAX_EXCERPT) {
            throw new IllegalArgumentException("excerpt longer than " + MAX_EXCERPT);
        }
    }

    /** {@code rule_id (line N): reason: "excerpt"} for logs and doctor. */
    public String describe() {
        return rule.id() + " (line " + line + "): " + rule.reason() + ": \"" + excerpt + "\"";
    }
}
