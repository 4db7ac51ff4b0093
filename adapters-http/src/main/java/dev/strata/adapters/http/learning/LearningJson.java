package dev.strata.adapters.http.learning;

import dev.strata.adapters.http.support.JsonBody;
import dev.strata.domain.error.InvalidInputException;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonValue;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The gateway's {@link JsonBody} with the reads the learning resources add: exact decimals (prices,
 * sizes), ids, instants, id arrays and arrays of objects. Every failure names the field, with its
 * array index ({@code methodology_ids[1]}, {@code methodologies[2].title}).
 */
final class LearningJson {

    /** More elements than any request may carry are refused before they are read. */
    static final int MAX_ARRAY = 1_000;

    private final JsonBody body;
    private final String prefix;

    LearningJson(JsonBody body) {
        this(body, "");
    }

    private LearningJson(JsonBody body, String prefix) {
        this.body = body;
        this.prefix = prefix;
    }

    LearningJson allowOnly(Set<String> known) {
        body.allowOnly(known);
        return this;
    }

    String requiredString(String name) {
        return body.requiredString(name);
    }

    Optional<String> string(String name) {
        return body.optionalString(name);
    }

    BigDecimal requiredDecimal(String name) {
        return decimal(name).orElseThrow(() -> new InvalidInputException(prefix + name, "is required"));
    }

    Optional<BigDecimal> decimal(String name) {
        return body.value(name).map(v -> {
            if (v.getValueType() != JsonValue.ValueType.NUMBER) {
                throw new InvalidInputException(prefix + name, "must be a number");
            }
            return ((JsonNumber) v).bigDecimalValue();
        });
    }

    Optional<Long> longValue(String name) {
        return body.value(name).map(v -> integral(v, prefix + name));
    }

    Optional<Instant> instant(String name) {
        return string(name).map(s -> {
            try {
                return Instant.parse(s.strip());
            } catch (DateTimeException e) {
                throw new InvalidInputException(prefix + name, "must be an ISO-8601 instant such as 2026-01-05T09:00:00Z");
            }
        });
    }

    /** An array of integers (ids); absent is empty. */
    List<Long> longs(String name) {
        return body.value(name).map(v -> {
            JsonArray a = array(v, name, "must be an array of integers");
            List<Long> out = new ArrayList<>(a.size());
            for (int i = 0; i < a.size(); i++) {
                out.add(integral(a.get(i), prefix + name + "[" + i + "]"));
            }
            return out;
        }).orElse(List.of());
    }

    /** A required array of objects, each read with its index in the field names. */
    List<LearningJson> objects(String name) {
        JsonValue v = body.value(name).orElseThrow(() -> new InvalidInputException(prefix + name, "is required"));
        JsonArray a = array(v, name, "must be an array of objects");
        List<LearningJson> out = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) {
            String element = prefix + name + "[" + i + "]";
            if (a.get(i).getValueType() != JsonValue.ValueType.OBJECT) {
                throw new InvalidInputException(element, "must be an object");
            }
            out.add(new LearningJson(JsonBody.of(a.get(i).asJsonObject(), element + "."), element + "."));
        }
        return out;
    }

    private JsonArray array(JsonValue v, String name, String expectation) {
        if (v.getValueType() != JsonValue.ValueType.ARRAY) {
            throw new InvalidInputException(prefix + name, expectation);
        }
        JsonArray a = v.asJsonArray();
        if (a.size() > MAX_ARRAY) {
            throw new InvalidInputException(prefix + name, "must have at most " + MAX_ARRAY + " elements");
        }
        return a;
    }

    private static long integral(JsonValue v, String field) {
        if (v.getValueType() != JsonValue.ValueType.NUMBER) {
            throw new InvalidInputException(field, "must be an integer");
        }
        try {
            return ((JsonNumber) v).bigDecimalValue().longValueExact();
        } catch (ArithmeticException e) {
            throw new InvalidInputException(field, "must be an integer");
        }
    }
}
