package dev.strata.adapters.http.support;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.json.JsonScan;
import dev.strata.domain.memory.Metadata;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import jakarta.json.stream.JsonParsingException;

import java.io.StringReader;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A parsed JSON request body with typed, field-naming accessors. Bodies are parsed into JSON-P
 * values and checked field by field, rather than bound straight onto classes, so that every
 * wrong type is reported as a 400 naming the field instead of a binding exception (a 500).
 */
public final class JsonBody {

    /** Deeper nesting than this is refused before it can exhaust the stack. */
    public static final int MAX_DEPTH = 32;

    /**
     * Duplicate keys are refused: {"content":"a","content":"b"} means different things to different
     * parsers, so a proxy and the gateway could disagree about what was written.
     */
    private static final JsonParserFactory PARSERS =
            Json.createParserFactory(Map.of("org.eclipse.parsson.rejectDuplicateKeys", true));

    private final JsonObject object;
    private final String prefix;

    private JsonBody(JsonObject object, String prefix) {
        this.object = object;
        this.prefix = prefix;
    }

    public static JsonBody parse(String text) {
        if (text.isBlank()) {
            throw new InvalidInputException("body", "must be a JSON object");
        }
        checkDepth(text);
        // A parser rather than a JsonReader: the reader stops after the first value and would
        // silently accept trailing garbage such as {"a":1}}.
        try (JsonParser parser = PARSERS.createParser(new StringReader(text))) {
            parser.next();
            JsonValue value = parser.getValue();
            if (parser.hasNext()) {
                throw new InvalidInputException("body", "is not valid JSON (text after the JSON value)");
            }
            if (value.getValueType() != JsonValue.ValueType.OBJECT) {
                throw new InvalidInputException("body", "must be a JSON object");
            }
            refuseLoneSurrogates(value, "");
            return new JsonBody(value.asJsonObject(), "");
        } catch (JsonParsingException e) {
            throw new InvalidInputException("body", "is not valid JSON (" + e.getLocation() + ")");
        } catch (JsonException e) {
            throw new InvalidInputException("body", "is not valid JSON");
        } catch (IllegalStateException e) {
            // Parsson reports a refused duplicate key this way, while building the object.
            throw new InvalidInputException("body", "is not valid JSON (" + e.getMessage() + ")");
        }
    }

    public static JsonBody of(JsonObject object, String prefix) {
        return new JsonBody(object, prefix);
    }

    public JsonObject raw() {
        return object;
    }

    /** Refuses fields the endpoint does not know, so a typo ("catgory") is not silently ignored. */
    public JsonBody allowOnly(Set<String> known) {
        for (String key : object.keySet()) {
            if (!known.contains(key)) {
                throw new InvalidInputException(prefix + key, "is not a known field (allowed: "
                        + String.join(", ", known.stream().sorted().toList()) + ")");
            }
        }
        return this;
    }

    public String requiredString(String name) {
        return optionalString(name).orElseThrow(() -> new InvalidInputException(prefix + name, "is required"));
    }

    public Optional<String> optionalString(String name) {
        JsonValue v = object.get(name);
        if (v == null || v == JsonValue.NULL) {
            return Optional.empty();
        }
        if (v.getValueType() != JsonValue.ValueType.STRING) {
            throw new InvalidInputException(prefix + name, "must be a string");
        }
        return Optional.of(((JsonString) v).getString());
    }

    public Optional<Integer> optionalInt(String name) {
        JsonValue v = object.get(name);
        if (v == null || v == JsonValue.NULL) {
            return Optional.empty();
        }
        if (v.getValueType() != JsonValue.ValueType.NUMBER || !((JsonNumber) v).isIntegral()) {
            throw new InvalidInputException(prefix + name, "must be an integer");
        }
        try {
            return Optional.of(((JsonNumber) v).intValueExact());
        } catch (ArithmeticException e) {
            throw new InvalidInputException(prefix + name, "is out of range");
        }
    }

    public Optional<Boolean> optionalBoolean(String name) {
        JsonValue v = object.get(name);
        if (v == null || v == JsonValue.NULL) {
            return Optional.empty();
        }
        if (v.getValueType() == JsonValue.ValueType.TRUE) {
            return Optional.of(true);
        }
        if (v.getValueType() == JsonValue.ValueType.FALSE) {
            return Optional.of(false);
        }
        throw new InvalidInputException(prefix + name, "must be true or false");
    }

    /** Metadata must be a JSON object; it is kept as its canonical JSON text. */
    public Optional<Metadata> optionalMetadata(String name) {
        JsonValue v = object.get(name);
        if (v == null || v == JsonValue.NULL) {
            return Optional.empty();
        }
        if (v.getValueType() != JsonValue.ValueType.OBJECT) {
            throw new InvalidInputException(prefix + name, "must be a JSON object");
        }
        return Optional.of(new Metadata(v.toString()));
    }

    /** Converts a string field, re-labelling a conversion error with this body's field path. */
    public <T> Optional<T> optionalString(String name, Function<String, T> convert) {
        return optionalString(name).map(v -> {
            try {
                return convert.apply(v);
            } catch (InvalidInputException e) {
                throw new InvalidInputException(prefix + name, e.reason());
            }
        });
    }

    public Optional<JsonValue> value(String name) {
        return Optional.ofNullable(object.get(name)).filter(v -> v != JsonValue.NULL);
    }

    public boolean has(String name) {
        return object.containsKey(name) && object.get(name) != JsonValue.NULL;
    }

    /**
     * A {@code \\ud800} escape without its pair decodes to half a character, which no UTF-8 store can keep:
     * it would be written as {@code ?}, silently changing the text. Refused, naming the field that holds it.
     */
    private static void refuseLoneSurrogates(JsonValue value, String path) {
        switch (value.getValueType()) {
            case STRING -> {
                if (hasLoneSurrogate(((JsonString) value).getString())) {
                    throw new InvalidInputException(path.isEmpty() ? "body" : path, "contains a lone UTF-16 surrogate "
                            + "(an unpaired \\uD800-\\uDFFF escape), which is not a character");
                }
            }
            case OBJECT -> value.asJsonObject().forEach((key, item) -> {
                String field = path.isEmpty() ? key : path + "." + key;
                if (hasLoneSurrogate(key)) {
                    throw new InvalidInputException(path.isEmpty() ? "body" : path, "has a field name with a lone "
                            + "UTF-16 surrogate (an unpaired \\uD800-\\uDFFF escape)");
                }
                refuseLoneSurrogates(item, field);
            });
            case ARRAY -> {
                var items = value.asJsonArray();
                for (int i = 0; i < items.size(); i++) {
                    refuseLoneSurrogates(items.get(i), path + "[" + i + "]");
                }
            }
            default -> {
            }
        }
    }

    static boolean hasLoneSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    private static void checkDepth(String text) {
        if (JsonScan.depth(text, MAX_DEPTH) > MAX_DEPTH) {
            throw new InvalidInputException("body", "is nested deeper than " + MAX_DEPTH + " levels");
        }
    }
}
