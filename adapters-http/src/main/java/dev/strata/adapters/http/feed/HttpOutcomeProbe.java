package dev.strata.adapters.http.feed;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.role.Outcome;
import dev.strata.domain.role.OutcomeProbe;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.util.Objects;
import java.util.Optional;

/**
 * A {@code custom} outcome probe answered by an HTTP callback. Strata POSTs the entry
 * ({@code entry_id, tenant, role, asset, decision, inputs, created_at, now}); the callback answers
 * {@code {"outcome": "whale sold within 2h", "change_percent": -3.5}} ({@code change_percent}
 * optional), or {@code {"outcome": null}}, 204 or 404 when it cannot tell yet.
 */
public final class HttpOutcomeProbe implements OutcomeProbe {

    private final CallbackClient client;
    private final CallbackClient.Endpoint endpoint;

    public HttpOutcomeProbe(CallbackClient client, CallbackClient.Endpoint endpoint) {
        this.client = Objects.requireNonNull(client, "client");
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
    }

    @Override
    public Optional<Outcome> measure(Request request) {
        Optional<JsonObject> answer = client.post(endpoint, CallbackJson.entry(request.entry(), request.now()).build());
        if (answer.isEmpty()) {
            return Optional.empty();
        }
        JsonObject json = answer.get();
        JsonValue outcome = json.get("outcome");
        if (outcome == null || outcome.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (outcome.getValueType() != JsonValue.ValueType.STRING) {
            throw new UnavailableException(endpoint.name() + " answered an outcome that is not text");
        }
        Optional<java.math.BigDecimal> change = Optional.empty();
        JsonValue pct = json.get("change_percent");
        if (pct != null && pct.getValueType() == JsonValue.ValueType.NUMBER) {
            change = Optional.of(((JsonNumber) pct).bigDecimalValue());
        } else if (pct != null && pct.getValueType() != JsonValue.ValueType.NULL) {
            throw new UnavailableException(endpoint.name() + " answered a change_percent that is not a number");
        }
        try {
            return Optional.of(new Outcome(json.getString("outcome"), change, "custom:" + endpoint.name(), request.now()));
        } catch (RuntimeException e) {
            throw new UnavailableException(endpoint.name() + " answered an unusable outcome: " + e.getMessage(), e);
        }
    }
}
