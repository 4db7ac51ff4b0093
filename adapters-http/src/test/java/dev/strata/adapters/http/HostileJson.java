package dev.strata.adapters.http;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

import java.util.List;
import java.util.Random;

/**
 * Generators of hostile request material: arbitrary and deeply nested JSON, JSON-escaped unicode
 * edge cases (lone surrogates, NUL, bidi overrides, zero-width and combining marks, emoji), wrong
 * types for known fields, FTS5 syntax garbage and raw bytes that are not UTF-8.
 */
final class HostileJson {

    /** Fragments that break naive text handling; lone surrogates reach the server as JSON escapes. */
    static final List<String> UNICODE_EDGES = List.of("\u0000", "\uD800", "\uDC00", "\uDBFF\uDFFF", "\u202E",
            "\u202D", "\u200B", "\u200D", "\uFEFF", "e\u0301", "\u0301\u0301\u0301", "😀", "👩‍👩‍👧", "\uFFFF", "\uFFFE",
            "\u2028", "\u2029", "𝕏", "ﷺ", "\u0007", "\t", "\r\n", "a", "Z", " ", "\\", "\"", "'", "<", "&", "%",
            "\u00ad", "İ", "ß", "\u3000", "中文", "\u0E01\u0E33");

    /** FTS5 query syntax and its misuse. */
    static final List<String> FTS5_GARBAGE = List.of("\"", "\"\"", "NEAR(", "NEAR(a b, -1)", "NEAR(a b, x)", "*",
            "a*", "^", "^a", "content:", "category:", "nope:", "{content category}:", "-", "+", "(", ")", "()", "AND",
            "OR", "NOT", "and", ":", "'", "\\", "\u0000", "a OR", "OR a", "NOT NOT", "\"unterminated", "((((", "))))",
            "col:*", "NEAR/3", "a:b:c", "\u00ff", "😀", "\uD800", "%", "_", "[", "]", "{", "}", ",", ".", "!", "x");

    private HostileJson() {
    }

    static Arbitrary<String> unicodeText() {
        return Arbitraries.of(UNICODE_EDGES).list().ofMinSize(1).ofMaxSize(24).map(parts -> String.join("", parts));
    }

    static Arbitrary<String> ftsGarbage() {
        return Arbitraries.of(FTS5_GARBAGE).list().ofMinSize(1).ofMaxSize(12).map(parts -> String.join(" ", parts))
                .injectDuplicates(0.01);
    }

    /** Any JSON document (sometimes an invalid one), nested up to 48 levels. */
    static Arbitrary<String> anyJson() {
        return Arbitraries.randomValue(random -> {
            StringBuilder out = new StringBuilder();
            value(random, out, 0, 4 + random.nextInt(45));
            if (random.nextInt(10) == 0) {
                breakSyntax(random, out);
            }
            return out.toString();
        });
    }

    /** Arrays and objects nested deeper than any parser default, optionally left unclosed. */
    static Arbitrary<String> deeplyNested() {
        return Arbitraries.randomValue(random -> {
            int depth = 40 + random.nextInt(random.nextBoolean() ? 200 : 20_000);
            StringBuilder out = new StringBuilder("{\"category\":\"observation\",\"content\":\"x\",\"metadata\":");
            StringBuilder close = new StringBuilder();
            for (int i = 0; i < depth; i++) {
                if (random.nextBoolean()) {
                    out.append('[');
                    close.append(']');
                } else {
                    out.append("{\"k\":");
                    close.append('}');
                }
            }
            out.append("1");
            if (random.nextInt(4) != 0) {
                out.append(close.reverse());
                out.append('}');
            }
            return out.toString();
        });
    }

    /** A JSON object whose one known field carries a value of the wrong JSON type. */
    static Arbitrary<String> wrongTyped(List<String> fields) {
        return Arbitraries.randomValue(random -> {
            String field = fields.get(random.nextInt(fields.size()));
            StringBuilder out = new StringBuilder("{");
            for (String f : fields) {
                if (out.length() > 1) {
                    out.append(',');
                }
                out.append('"').append(f).append("\":");
                if (f.equals(field)) {
                    out.append(wrongValue(random, field));
                } else {
                    out.append(plausible(f));
                }
            }
            return out.append('}').toString();
        });
    }

    static Arbitrary<byte[]> randomBytes() {
        return Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(512)
                .map(bytes -> {
                    // a lone continuation byte guarantees the body is not UTF-8 whatever else was drawn
                    bytes[bytes.length / 2] = (byte) 0x80;
                    return bytes;
                });
    }

    static String quote(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || Character.isSurrogate(c) || c == 0x7f) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    /** A value of any JSON type but the one the field expects (and never null, which may mean "absent"). */
    private static String wrongValue(Random random, String field) {
        List<String> candidates = switch (field) {
            case "metadata" -> List.of("true", "[]", "7", "\"text\"", "[\"a\",1]", "1e999");
            case "memories" -> List.of("true", "{}", "7", "\"text\"", "{\"nested\":[null]}", "-0.0");
            case "limit", "max_results" -> List.of("true", "[]", "{}", "\"5\"", "1.5", "1e999", "[5]");
            // numbers of the learning loop: any number is the right type, so only other types are wrong
            case "size", "entry_price", "exit_price", "pnl" -> List.of("true", "[]", "{}", "\"5\"", "[5]");
            case "trade_id", "evidence" -> List.of("true", "[]", "{}", "\"5\"", "1.5", "1e999", "[5]");
            case "include_hard_constraints" -> List.of("\"true\"", "1", "[]", "{}");
            // role memory: inputs is any JSON object, a price and a change any number
            case "inputs" -> List.of("true", "[]", "7", "\"text\"", "[\"a\",1]", "-0.0");
            case "price", "change_percent" -> List.of("true", "[]", "{}", "\"5\"", "[5]");
            case "skills" -> List.of("true", "{}", "7", "\"text\"", "[\"a\",1]", "[1]", "[\"Not A Skill\"]");
            default -> List.of("true", "false", "[]", "{}", Long.toString(random.nextLong()), "1e999", "-0.0",
                    "[\"a\",1]", "{\"nested\":{\"deeper\":[null]}}");
        };
        return candidates.get(random.nextInt(candidates.size()));
    }

    /** A value of the right type for a field name, so the wrong one is the only fault. */
    private static String plausible(String field) {
        return switch (field) {
            case "limit", "max_results" -> "5";
            case "metadata" -> "{\"k\":\"v\"}";
            case "memories" -> "[{\"category\":\"observation\",\"content\":\"x\"}]";
            case "category", "type" -> "\"observation\"";
            case "source" -> "\"user_manual\"";
            case "key" -> "\"a-key\"";
            case "asset_class" -> "\"crypto_major\"";
            case "asset", "entity" -> "\"BTC\"";
            case "side" -> "\"long\"";
            case "size", "entry_price", "exit_price" -> "1";
            case "pnl" -> "-1";
            case "trade_id", "evidence" -> "1";
            case "methodology_ids" -> "[1]";
            case "opened_at", "closed_at" -> "\"2026-01-05T09:00:00Z\"";
            case "hint_hash" -> "\"sha256:9f2c\"";
            case "provenance" -> "\"manual\"";
            case "dimension" -> "\"leverage\"";
            case "kind" -> "\"normal\"";
            case "include_hard_constraints" -> "true";
            case "inputs" -> "{\"horizon\":\"1y\"}";
            case "role" -> "\"research.thesis\"";
            case "skills" -> "[\"research.thesis\"]";
            case "price" -> "100.5";
            case "change_percent" -> "-8";
            case "at" -> "\"2026-01-05T08:00:00Z\"";
            case "methodologies" -> "[{\"asset_class\":\"crypto_major\",\"title\":\"t\",\"body\":\"b\"}]";
            default -> "\"some text\"";
        };
    }

    private static void value(Random random, StringBuilder out, int depth, int maxDepth) {
        int kind = depth >= maxDepth ? random.nextInt(6) : random.nextInt(8);
        switch (kind) {
            case 0 -> out.append("null");
            case 1 -> out.append(random.nextBoolean());
            case 2 -> out.append(numbers()[random.nextInt(numbers().length)]);
            case 3 -> out.append(random.nextLong());
            case 4, 5 -> out.append(quote(text(random)));
            case 6 -> {
                out.append('[');
                int n = random.nextInt(depth < 3 ? 5 : 2) + (maxDepth > depth + 1 ? 1 : 0);
                for (int i = 0; i < n; i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    value(random, out, depth + 1, maxDepth);
                }
                out.append(']');
            }
            default -> {
                out.append('{');
                int n = random.nextInt(depth < 3 ? 5 : 2) + 1;
                for (int i = 0; i < n; i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    out.append(quote(random.nextInt(3) == 0 ? KNOWN_FIELDS[random.nextInt(KNOWN_FIELDS.length)]
                            : text(random))).append(':');
                    value(random, out, depth + 1, maxDepth);
                }
                out.append('}');
            }
        }
    }

    private static final String[] KNOWN_FIELDS = {"category", "content", "metadata", "source", "key",
            "supersede_reason", "query", "limit", "max_results", "type", "value", "memories"};

    private static String[] numbers() {
        return new String[]{"0", "-0", "1e999", "-1e999", "1.5e-400", "123456789012345678901234567890", "0.1",
                "9223372036854775808", "-9223372036854775809", "1E2", "2147483648"};
    }

    private static String text(Random random) {
        StringBuilder s = new StringBuilder();
        int n = random.nextInt(12);
        for (int i = 0; i < n; i++) {
            s.append(UNICODE_EDGES.get(random.nextInt(UNICODE_EDGES.size())));
        }
        if (random.nextInt(50) == 0) {
            s.append("x".repeat(10_000 + random.nextInt(60_000)));
        }
        return s.toString();
    }

    private static void breakSyntax(Random random, StringBuilder out) {
        switch (random.nextInt(4)) {
            case 0 -> out.setLength(Math.max(0, out.length() - 1 - random.nextInt(Math.max(1, out.length()))));
            case 1 -> out.append(",");
            case 2 -> out.insert(0, "\uFEFF");
            default -> out.append(" trailing");
        }
    }
}
