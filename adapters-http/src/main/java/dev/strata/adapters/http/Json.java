package dev.strata.adapters.http;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;

import java.nio.charset.StandardCharsets;

/** The one JSON-B (Yasson) instance the gateway serialises responses with; thread-safe and costly to build. */
final class Json {

    private static final Jsonb JSONB = JsonbBuilder.create(new JsonbConfig().withNullValues(true));

    private Json() {
    }

    static byte[] write(Object value) {
        return JSONB.toJson(value).getBytes(StandardCharsets.UTF_8);
    }
}
