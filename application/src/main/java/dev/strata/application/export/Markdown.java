package dev.strata.application.export;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Small markdown helpers for stored text: frontmatter scalars, link text and code fences that cannot be broken out of. */
final class Markdown {

    private static final Pattern BACKTICKS = Pattern.compile("`+");

    private Markdown() {
    }

    /** A YAML frontmatter block; strings are double-quoted with JSON escapes (valid YAML), numbers and booleans bare. */
    static String frontmatter(Map<String, Object> fields) {
        StringBuilder out = new StringBuilder("---\n");
        fields.forEach((k, v) -> out.append(k).append(": ").append(scalar(v)).append('\n'));
        return out.append("---\n").toString();
    }

    static Map<String, Object> fields() {
        return new LinkedHashMap<>();
    }

    private static String scalar(Object v) {
        if (v instanceof Number || v instanceof Boolean) {
            return v.toString();
        }
        return quote(String.valueOf(v));
    }

    static String quote(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /** Text for one line of a list or a link: line breaks flattened, brackets escaped so a link cannot be closed early. */
    static String inline(String s) {
        return s.replaceAll("\\s+", " ").strip().replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]");
    }

    /** A fenced block longer than any backtick run inside, so the text cannot close it. */
    static String fenced(String info, String text) {
        int longest = 0;
        Matcher m = BACKTICKS.matcher(text);
        while (m.find()) {
            longest = Math.max(longest, m.group().length());
        }
        String fence = "`".repeat(Math.max(3, longest + 1));
        return fence + info + "\n" + text + (text.endsWith("\n") ? "" : "\n") + fence + "\n";
    }
}
