package dev.strata.adapters.http.feed;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.PriceFeed;
import dev.strata.domain.role.PricePoint;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link PriceFeed} over a configurable HTTP price endpoint. The URL template names
 * {@code {asset}} and {@code {at}} (an ISO-8601 instant), e.g.
 * {@code https://prices.example/v1/price?symbol={asset}&time={at}}; the endpoint answers
 * {@code {"price": 64123.5, "at": "2026-03-09T10:00:00Z"}} ({@code at} optional: the instant asked),
 * or 404 when it has no price for that time. Values are URL-encoded, so an asset can never change
 * the request's path or add parameters.
 */
public final class HttpPriceFeed implements PriceFeed {

    private final CallbackClient client;
    private final CallbackClient.Endpoint endpoint;
    private final String template;
    private final String source;

    /**
     * @param name        how errors and price sources name this endpoint
     * @param urlTemplate an absolute http(s) URL containing {@code {asset}} and usually {@code {at}}
     */
    public HttpPriceFeed(CallbackClient client, String name, String urlTemplate, Optional<String> bearerToken,
                         java.time.Duration timeout) {
        this.client = Objects.requireNonNull(client, "client");
        Objects.requireNonNull(urlTemplate, "urlTemplate");
        if (!urlTemplate.contains("{asset}")) {
            throw new IllegalArgumentException(name + ": the price URL must contain {asset}: " + urlTemplate);
        }
        this.template = urlTemplate;
        this.source = source(name);
        this.endpoint = new CallbackClient.Endpoint(name, URI.create(fill("BTC", Instant.EPOCH)), bearerToken, timeout);
    }

    /**
     * The source a fetched point carries: {@code endpoint:<name>} in the characters a price source allows,
     * so a readable name ("price endpoint") still gives a usable point.
     */
    static String source(String name) {
        String tag = "endpoint:" + name.strip().replaceAll("[^A-Za-z0-9_.:/-]", "_");
        return tag.length() <= 80 ? tag : tag.substring(0, 80);
    }

    private String fill(String asset, Instant at) {
        return template.replace("{asset}", URLEncoder.encode(asset, StandardCharsets.UTF_8))
                .replace("{at}", URLEncoder.encode(at.toString(), StandardCharsets.UTF_8));
    }

    @Override
    public Optional<PricePoint> priceAt(Tenant tenant, Asset asset, Instant at) {
        Optional<JsonObject> answer = client.get(endpoint, URI.create(fill(asset.symbol(), at)));
        if (answer.isEmpty()) {
            return Optional.empty();
        }
        JsonObject json = answer.get();
        JsonValue price = json.get("price");
        if (price == null || price.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (price.getValueType() != JsonValue.ValueType.NUMBER) {
            throw new UnavailableException(endpoint.name() + " answered a price that is not a number");
        }
        BigDecimal value = ((JsonNumber) price).bigDecimalValue();
        Instant when = at;
        if (json.containsKey("at") && json.get("at").getValueType() == JsonValue.ValueType.STRING) {
            try {
                when = Instant.parse(json.getString("at"));
            } catch (DateTimeParseException e) {
                throw new UnavailableException(endpoint.name() + " answered an unreadable time: " + json.getString("at"), e);
            }
        }
        try {
            return Optional.of(new PricePoint(asset, value, when, source));
        } catch (RuntimeException e) {
            throw new UnavailableException(endpoint.name() + " answered an unusable price: " + e.getMessage(), e);
        }
    }
}
