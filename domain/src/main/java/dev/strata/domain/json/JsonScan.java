package dev.strata.domain.json;

/**
 * Walks JSON text character by character outside string literals, so a brace or bracket inside a
 * string ({@code "a}b"}, an escaped quote) is never taken for structure. The one scanner behind the
 * gateway's nesting limit and the model adapters' search for a JSON object in a reply.
 */
public final class JsonScan {

    /** Sees one character outside a string; answers false to stop the walk there. */
    @FunctionalInterface
    public interface Visitor {
        boolean visit(int index, char c);
    }

    private JsonScan() {
    }

    /**
     * Visits every character of {@code text} from {@code from} that is not inside a string literal
     * (the quotes themselves are not visited).
     *
     * @return the index at which the visitor stopped the walk, or -1 when it reached the end
     */
    public static int outsideStrings(String text, int from, Visitor visitor) {
        boolean inString = false;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (!visitor.visit(i, c)) {
                return i;
            }
        }
        return -1;
    }

    /** The index of the brace closing the object that opens at {@code start}, or -1 when it never closes. */
    public static int matchingBrace(String text, int start) {
        int[] depth = {0};
        return outsideStrings(text, start, (i, c) -> {
            if (c == '{') {
                depth[0]++;
            } else if (c == '}') {
                depth[0]--;
            }
            return depth[0] != 0;
        });
    }

    /** The deepest nesting of objects and arrays in {@code text}, stopping early once it passes {@code limit}. */
    public static int depth(String text, int limit) {
        int[] depth = {0, 0};
        outsideStrings(text, 0, (i, c) -> {
            if (c == '{' || c == '[') {
                depth[1] = Math.max(depth[1], ++depth[0]);
            } else if (c == '}' || c == ']') {
                depth[0]--;
            }
            return depth[1] <= limit;
        });
        return depth[1];
    }
}
