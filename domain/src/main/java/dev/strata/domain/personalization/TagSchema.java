package dev.strata.domain.personalization;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The one typed schema of the ten tag dimensions (spec 04's {@code tags-schema.ts}): every caller
 * goes through these helpers rather than reading {@link TagDimension#options()} directly. The
 * multi-select {@code markets} is stored as a JSON array string in the single {@code value} column
 * ({@code ["crypto_majors","memes"]}, schema order, no spaces); every other dimension stores its one
 * machine value as is.
 */
public final class TagSchema {

    private TagSchema() {
    }

    /** The dimension's allowed values, machine value and label, in the spec's order. */
    public static List<TagOption> allowedValues(TagDimension dimension) {
        return dimension.options();
    }

    /**
     * True when {@code raw} is a valid value as a caller would store it: one allowed machine value,
     * or for {@code markets} a JSON array of one or more allowed machine values.
     */
    public static boolean isValidTagValue(TagDimension dimension, String raw) {
        return parseStoredTagValue(dimension, raw).isPresent();
    }

    /** The text stored in {@code user_tags.value}. */
    public static String serializeTagValue(TagValue value) {
        if (!value.dimension().multiSelect()) {
            return value.first();
        }
        return value.values().stream().map(v -> "\"" + v + "\"").collect(Collectors.joining(",", "[", "]"));
    }

    /**
     * The typed value of a stored text, or empty when the text is not a valid value of the
     * dimension (a v1 row awaiting migration, a hand-edited row): a reader skips it rather than
     * guessing.
     */
    public static Optional<TagValue> parseStoredTagValue(TagDimension dimension, String stored) {
        if (stored == null) {
            return Optional.empty();
        }
        try {
            if (!dimension.multiSelect()) {
                return dimension.option(stored).map(o -> new TagValue(dimension, List.of(o.value())));
            }
            return jsonStringArray(stored).map(values -> new TagValue(dimension, values));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * The schema as text for a model prompt (the tags rebuild asks for values inside it), one line per
     * dimension: {@code - risk: conservative (Conservative), balanced (Balanced), aggressive (Aggressive)}.
     */
    public static String renderTagSchema() {
        StringBuilder out = new StringBuilder();
        for (TagDimension d : TagDimension.values()) {
            if (!out.isEmpty()) {
                out.append('\n');
            }
            out.append("- ").append(d.storedName());
            if (d.multiSelect()) {
                out.append(" (multi-select: a JSON array of values)");
            }
            out.append(": ").append(d.options().stream()
                    .map(o -> o.value().equals(o.label()) ? o.value() : o.value() + " (" + o.label() + ")")
                    .collect(Collectors.joining(", ")));
        }
        return out.toString();
    }

    /**
     * A JSON array of plain strings ({@code ["a", "b"]}), whitespace allowed between tokens; strings
     * with escapes are refused, since no allowed value needs one. Empty on anything else.
     */
    static Optional<List<String>> jsonStringArray(String text) {
        String t = text.strip();
        if (t.length() < 2 || t.charAt(0) != '[' || t.charAt(t.length() - 1) != ']') {
            return Optional.empty();
        }
        String inner = t.substring(1, t.length() - 1).strip();
        List<String> out = new ArrayList<>();
        if (inner.isEmpty()) {
            return Optional.of(out);
        }
        for (String part : inner.split(",", -1)) {
            String p = part.strip();
            if (p.length() < 2 || p.charAt(0) != '"' || p.charAt(p.length() - 1) != '"') {
                return Optional.empty();
            }
            String s = p.substring(1, p.length() - 1);
            if (s.indexOf('"') >= 0 || s.indexOf('\\') >= 0) {
                return Optional.empty();
            }
            out.add(s);
        }
        return Optional.of(out);
    }
}
