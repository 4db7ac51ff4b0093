package dev.strata.adapters.llm.chat;

import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;
import java.util.Optional;

/** JSON-P access shared by the clients: one provider lookup, and typed reads that fail as {@link MalformedReplyException}. */
final class JsonSupport {

    static final JsonProvider JSON = JsonProvider.provider();

    private JsonSupport() {
    }

    /** Parses one complete JSON value; trailing content makes it fail. */
    static Optional<JsonValue> parse(String text) {
        try (var reader = JSON.createReader(new StringReader(text))) {
            return Optional.of(reader.readValue());
        } catch (JsonException | IllegalStateException unreadable) {
            return Optional.empty();
        }
    }

    static JsonObject parseObject(String body) throws MalformedReplyException {
        JsonValue value = parse(body).orElseThrow(() -> new MalformedReplyException("reply is not JSON: " + excerpt(body)));
        if (!(value instanceof JsonObject object)) {
            throw new MalformedReplyException("reply is a JSON " + value.getValueType() + ", not an object");
        }
        return object;
    }

    static JsonObject object(JsonObject parent, String name) throws MalformedReplyException {
        if (parent.get(name) instanceof JsonObject object) {
            return object;
        }
        throw new MalformedReplyException("expected an object at '" + name + "'");
    }

    static JsonArray array(JsonObject parent, String name) throws MalformedReplyException {
        if (parent.get(name) instanceof JsonArray array) {
            return array;
        }
        throw new MalformedReplyException("expected an array at '" + name + "'");
    }

    static Optional<String> optionalString(JsonObject parent, String name) throws MalformedReplyException {
        JsonValue value = parent.get(name);
        if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (value instanceof JsonString string) {
            return Optional.of(string.getString());
        }
        throw new MalformedReplyException("expected a string at '" + name + "'");
    }

    static Optional<Long> optionalCount(JsonObject parent, String name) throws MalformedReplyException {
        JsonValue value = parent.get(name);
        if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (value instanceof JsonNumber number && number.isIntegral() && number.longValue() >= 0) {
            return Optional.of(number.longValue());
        }
        throw new MalformedReplyException("expected a token count at '" + name + "'");
    }

    /** The start of a body, for error messages. */
    static String excerpt(String body) {
        String flat = body.strip().replaceAll("\\s+", " ");
        return flat.length() <= 200 ? flat : flat.substring(0, 200) + "...";
    }
}
