package dev.strata.adapters.http.feed;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.role.Evidence;
import dev.strata.domain.role.EvidenceSource;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

import java.util.Objects;
import java.util.Optional;

/**
 * A post-hoc evidence source answered by an HTTP callback ({@code refetch_source} fetching the
 * decision's source again, or a news or on-chain snapshot service). Strata POSTs the entry plus
 * {@code kind}, {@code source} and {@code params} (the entry's fields renamed by the probe's
 * {@code paramMapper}); the callback answers {@code {"text": "..."}}, or {@code {"text": null}}, 204 or
 * 404 when it has nothing.
 */
public final class HttpEvidenceSource implements EvidenceSource {

    private final CallbackClient client;
    private final CallbackClient.Endpoint endpoint;

    public HttpEvidenceSource(CallbackClient client, CallbackClient.Endpoint endpoint) {
        this.client = Objects.requireNonNull(client, "client");
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
    }

    @Override
    public Optional<Evidence> gather(Request request) {
        JsonObjectBuilder params = Json.createObjectBuilder();
        request.params().forEach(params::add);
        JsonObject body = CallbackJson.entry(request.entry(), request.now())
                .add("kind", request.probe().kind().wireName())
                .add("source", request.probe().source())
                .add("params", params).build();
        Optional<JsonObject> answer = client.post(endpoint, body);
        if (answer.isEmpty()) {
            return Optional.empty();
        }
        JsonValue text = answer.get().get("text");
        if (text == null || text.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (text.getValueType() != JsonValue.ValueType.STRING) {
            throw new UnavailableException(endpoint.name() + " answered evidence that is not text");
        }
        String value = answer.get().getString("text");
        if (value.isBlank()) {
            return Optional.empty();
        }
        return Optional.of(new Evidence(request.probe().kind().wireName(), request.probe().source(), value, request.now()));
    }
}
