package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A role's stage-2 prompt, with {@code {asset} {decision} {window} {pnl} {evidence} {type}}
 * placeholders. Any other {@code {word}} is refused when the role is declared: a typo such as
 * {@code {pnL}} would otherwise reach the model as literal text and silently weaken every lesson.
 * Braces around anything that is not a bare word (JSON in an example, say) are left alone.
 */
public record ReflectionTemplate(String text) {

    public static final int MAX_CHARS = 8_000;
    private static final Pattern TOKEN = Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_]*)\\}");

    public ReflectionTemplate {
        if (text == null || text.isBlank()) {
            throw new InvalidInputException("reflectionPrompt", "must not be blank");
        }
        if (text.length() > MAX_CHARS) {
            throw new InvalidInputException("reflectionPrompt", "must be at most " + MAX_CHARS + " characters");
        }
        Matcher m = TOKEN.matcher(text);
        while (m.find()) {
            if (Placeholder.fromToken(m.group(1)).isEmpty()) {
                throw new InvalidInputException("reflectionPrompt", "unknown placeholder {" + m.group(1)
                        + "}; the known ones are " + Arrays.stream(Placeholder.values())
                        .map(p -> "{" + p.token() + "}").collect(Collectors.joining(" ")));
            }
        }
        text = text.strip();
    }

    /** The placeholders the template uses. */
    public Set<Placeholder> placeholders() {
        Set<Placeholder> used = EnumSet.noneOf(Placeholder.class);
        Matcher m = TOKEN.matcher(text);
        while (m.find()) {
            Placeholder.fromToken(m.group(1)).ifPresent(used::add);
        }
        return used;
    }

    /**
     * The template with every placeholder replaced in one pass, so a value that itself contains
     * {@code {pnl}} is never substituted again. A placeholder without a value reads "(unknown)".
     */
    public String fill(Map<Placeholder, String> values) {
        Objects.requireNonNull(values, "values");
        Map<Placeholder, String> copy = values.isEmpty() ? new EnumMap<>(Placeholder.class) : new EnumMap<>(values);
        Matcher m = TOKEN.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            Placeholder p = Placeholder.fromToken(m.group(1)).orElseThrow();
            m.appendReplacement(out, Matcher.quoteReplacement(copy.getOrDefault(p, "(unknown)")));
        }
        m.appendTail(out);
        return out.toString();
    }
}
