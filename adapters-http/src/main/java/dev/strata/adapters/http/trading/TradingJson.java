package dev.strata.adapters.http.trading;

import dev.strata.adapters.http.support.JsonBody;
import dev.strata.domain.error.InvalidInputException;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the mirror's request bodies. Numbers may be JSON numbers or decimal strings (Hyperliquid
 * sends {@code "px":"60000.5"}); ids may be strings or integers; {@code raw_json} may be the upstream
 * object itself or its text. Every error names its field with the element's index.
 */
final class TradingJson {

    private static final int MAX_NUMBER_CHARS = 64;

    private final JsonBody body;
    private final String prefix;

    private TradingJson(JsonBody body, String prefix) {
        this.body = body;
        this.prefix = prefix;
    }

    /** The elements of the body's array {@code name}, each restricted to {@code fields}. */
    static List<TradingJson> elements(JsonBody body, String name, Set<String> fields) {
        JsonValue v = body.value(name).orElseThrow(() -> new InvalidInputException(name, "is required"));
        if (v.getValueType() != JsonValue.ValueType.ARRAY) {
            throw new InvalidInputException(name, "must be an array of objects");
        }
        JsonArray array = v.asJsonArray();
        List<TradingJson> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            String element = name + "[" + i + "]";
            if (array.get(i).getValueType() != JsonValue.ValueType.OBJECT) {
                throw new InvalidInputException(element, "must be an object");
            }
            out.add(new TradingJson(JsonBody.of(array.get(i).asJsonObject(), element + ".").allowOnly(fields),
                    element + "."));
        }
        return out;
    }

    Optional<String> text(String name) {
        return body.value(name).map(v -> switch (v) {
            case JsonString s -> s.getString();
            case JsonNumber n when n.isIntegral() -> n.bigIntegerValue().toString();
            default -> throw new InvalidInputException(prefix + name, "must be a string");
        });
    }

    Optional<BigDecimal> decimal(String name) {
        return body.value(name).map(v -> switch (v) {
            case JsonNumber n -> n.bigDecimalValue();
            case JsonString s when s.getString().length() <= MAX_NUMBER_CHARS -> {
                try {
                    yield new BigDecimal(s.getString().strip());
                } catch (NumberFormatException e) {
                    throw new InvalidInputException(prefix + name, "must be a number");
                }
            }
            default -> throw new InvalidInputException(prefix + name, "must be a number");
        });
    }

    Optional<Long> millis(String name) {
        return decimal(name).map(d -> {
            try {
                return d.longValueExact();
            } catch (ArithmeticException e) {
                throw new InvalidInputException(prefix + name, "must be whole milliseconds since 1970");
            }
        });
    }

    /** The upstream's raw record: its JSON text when an object or array was sent, the text itself when a string. */
    Optional<String> rawJson(String name) {
        return body.value(name).map(v -> switch (v.getValueType()) {
            case STRING -> ((JsonString) v).getString();
            case OBJECT, ARRAY -> v.toString();
            default -> throw new InvalidInputException(prefix + name, "must be the raw JSON object or its text");
        });
    }
}
