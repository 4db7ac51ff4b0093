package dev.strata.application.tool;

import dev.strata.domain.json.JsonNode;

import java.util.Map;

/**
 * Writes a {@link JsonNode} as compact JSON text, byte for byte as the gateway's JSON-P parser
 * writes the same value: metadata arriving through a tool is stored exactly as it would be had
 * it arrived through the REST API. Strings escape only what JSON requires (quote, backslash,
 * control characters); numbers keep the form they were read in.
 */
final class JsonText {

    private JsonText() {
    }

    static String write(JsonNode node) {
        StringBuilder out = new StringBuilder();
        write(node, out);
        return out.toString();
    }

    private static void write(JsonNode node, StringBuilder out) {
        switch (node) {
            case JsonNode.ObjectNode object -> {
                out.append('{');
                boolean first = true;
                for (Map.Entry<String, JsonNode> field : object.fields().entrySet()) {
                    if (!first) {
                        out.append(',');
                    }
                    first = false;
                    string(field.getKey(), out);
                    out.append(':');
                    write(field.getValue(), out);
                }
                out.append('}');
            }
            case JsonNode.ArrayNode array -> {
                out.append('[');
                for (int i = 0; i < array.items().size(); i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    write(array.items().get(i), out);
                }
                out.append(']');
            }
            case JsonNode.TextNode text -> string(text.value(), out);
            case JsonNode.NumberNode number -> out.append(number.value().toString());
            case JsonNode.BooleanNode bool -> out.append(bool.value());
            case JsonNode.NullNode ignored -> out.append("null");
        }
    }

    private static void string(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
