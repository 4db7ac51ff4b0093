package dev.strata.adapters.http.learning;

import dev.strata.domain.error.InvalidInputException;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Typed reads of a request body's fields; every failure names the field (with its array index). */
final class LearningJson {

    /** More ids than any case may name are refused before they are parsed. */
    static final int MAX_ARRAY = 1_000;

    private final JsonObject object;
    private final String prefix;

    LearningJson(JsonObject object) {
        this(object, "");
    }

    private LearningJson(JsonObject object, String prefix) {
        this.object = object;
        this.prefix = prefix;
    }

    private Optional<JsonValue> value(String name) {
        JsonValue v = object.get(name);
        return v == null || v == JsonValue.NULL ? Optional.empty() : Optional.of(v);
    }

    String requiredString(String name) {
        return string(name).orElseThrow(() -> new InvalidInputException(prefix + name, "is required"));
    }

    Optional<String> string(String name) {
        return value(name).map(v -> {
            if (v.getValueType() != JsonValue.ValueType.STRING) {
                throw new InvalidInputException(prefix + name, "must be a string");
            }
            return ((JsonString) v).getString();
        });
    }

    BigDecimal requiredDecimal(String name) {
        return decimal(name).orElseThrow(() -> new InvalidInputException(prefix + name, "is required"));
    }

    Optional<BigDecimal> decimal(String name) {
        return value(name).map(v -> {
            if (v.getValueType() != JsonValue.ValueType.NUMBER) {
                throw new InvalidInputException(prefix + name, "must be a number");
            }
            return ((JsonNumber) v).bigDecimalValue();
        });
    }

    Optional<Long> longValue(String name) {
        return value(name).map(v -> integral(v, prefix + name));
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

    /** An array of positive integers (ids); absent is empty. */
    List<Long> longs(String name) {
        return value(name).map(v -> {
            if (v.getValueType() != JsonValue.ValueType.ARRAY) {
                throw new InvalidInputException(prefix + name, "must be an array of integers");
            }
            JsonArray a = v.asJsonArray();
            if (a.size() > MAX_ARRAY) {
                throw new InvalidInputException(prefix + name, "must have at most " + MAX_ARRAY + " elements");
            }
            List<Long> out = new ArrayList<>(a.size());
            for (int i = 0; i < a.size(); i++) {
                out.add(integral(a.get(i), prefix + name + "[" + i + "]"));
            }
            return out;
        }).orElse(List.of());
    }

    /** An array of objects, each read with its index in the field names: {@code methodologies[2].title}. */
    List<LearningJson> objects(String name) {
        JsonValue v = value(name).orElseThrow(() -> new InvalidInputException(prefix + name, "is required"));
        if (v.getValueType() != JsonValue.ValueType.ARRAY) {
            throw new InvalidInputException(prefix + name, "must be an array of objects");
        }
        JsonArray a = v.asJsonArray();
        if (a.size() > MAX_ARRAY) {
            throw new InvalidInputException(prefix + name, "must have at most " + MAX_ARRAY + " elements");
        }
        List<LearningJson> out = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).getValueType() != JsonValue.ValueType.OBJECT) {
                throw new InvalidInputException(prefix + name + "[" + i + "]", "must be an object");
            }
            out.add(new LearningJson(a.get(i).asJsonObject(), prefix + name + "[" + i + "]."));
        }
        return out;
    }

    /** Refuses unknown fields of a nested object. */
    LearningJson allowOnly(java.util.Set<String> known) {
        for (String key : object.keySet()) {
            if (!known.contains(key)) {
                throw new InvalidInputException(prefix + key, "is not a known field (allowed: "
                        + String.join(", ", known.stream().sorted().toList()) + ")");
            }
        }
        return this;
    }

    private static long integral(JsonValue v, String field) {
        if (v.getValueType() != JsonValue.ValueType.NUMBER) {
            throw new InvalidInputException(field, "must be an integer");
        }
        JsonNumber n = (JsonNumber) v;
        try {
            return n.bigDecimalValue().longValueExact();
        } catch (ArithmeticException e) {
            throw new InvalidInputException(field, "must be an integer");
        }
    }
}
