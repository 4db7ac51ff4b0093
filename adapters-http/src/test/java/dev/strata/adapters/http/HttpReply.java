package dev.strata.adapters.http;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;

import java.io.StringReader;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A response as the client saw it, with JSON-P readers and the assertions every test repeats. */
record HttpReply(int status, HttpHeaders headers, byte[] body) {

    String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    String contentType() {
        return headers.firstValue("Content-Type").orElse("");
    }

    JsonObject json() {
        try (JsonReader reader = Json.createReader(new StringReader(text()))) {
            return reader.readObject();
        }
    }

    /** The {@code memories} array of a list or batch answer. */
    List<JsonObject> memories() {
        return json().getJsonArray("memories").getValuesAs(JsonObject.class);
    }

    List<String> contents() {
        return memories().stream().map(m -> m.getString("content")).toList();
    }

    long id() {
        return json().getJsonNumber("id").longValueExact();
    }

    JsonArray array(String name) {
        return json().getJsonArray(name);
    }

    HttpReply assertStatus(int expected) {
        assertThat(status).as("status of a response with body %s", text()).isEqualTo(expected);
        return this;
    }

    HttpReply assertJson(int expected) {
        assertStatus(expected);
        assertThat(contentType()).startsWith("application/json");
        return this;
    }

    /** An RFC 9457 problem with this status that names {@code field} as the input to fix. */
    HttpReply assertProblem(int expected, String field) {
        assertProblem(expected);
        assertThat(json().getString("field", null)).as("field of problem %s", text()).isEqualTo(field);
        return this;
    }

    HttpReply assertProblem(int expected) {
        assertStatus(expected);
        assertThat(contentType()).as("content type of %s", text()).startsWith("application/problem+json");
        JsonObject p = json();
        assertThat(p.getString("type")).startsWith("urn:strata:problem:");
        assertThat(p.getInt("status")).isEqualTo(expected);
        assertThat(p.getString("title")).isNotBlank();
        assertThat(p.getString("detail")).isNotBlank();
        return this;
    }
}
