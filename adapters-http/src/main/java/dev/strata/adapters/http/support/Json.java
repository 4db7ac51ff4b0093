package dev.strata.adapters.http.support;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;

import java.nio.charset.StandardCharsets;

/**
 * Writes response bodies with JSON-B (Yasson). Views are records, written by {@link ViewTree}'s
 * rules: components in declaration order under snake_case names, a {@code null} as JSON
 * {@code null}, an empty {@code Optional} not at all. Maps keep their own order.
 *
 * <p>A writer with a {@link ViewMapping} also turns the core's values into their views on the way
 * out (for tool results, which the core hands over as records holding domain values).
 */
public final class Json {

    private static final Json PLAIN = new Json(ViewMapping.none());

    /** Costly to build, thread-safe to use: one for every writer. */
    private static final Jsonb JSONB = JsonbBuilder.create(new JsonbConfig().withNullValues(true));

    private final ViewMapping views;

    private Json(ViewMapping views) {
        this.views = views;
    }

    /** A writer that shows the core's values through {@code views}. */
    public static Json withViews(ViewMapping views) {
        return new Json(views);
    }

    /** Writes a view, a map or a list of them. */
    public static byte[] write(Object value) {
        return PLAIN.bytes(value);
    }

    public byte[] bytes(Object value) {
        return JSONB.toJson(ViewTree.of(value, views)).getBytes(StandardCharsets.UTF_8);
    }
}
