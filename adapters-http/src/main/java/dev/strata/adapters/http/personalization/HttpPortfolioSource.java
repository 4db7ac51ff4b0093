package dev.strata.adapters.http.personalization;

import dev.strata.domain.error.DomainException;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.PortfolioReading;
import dev.strata.domain.personalization.PortfolioSource;
import dev.strata.domain.personalization.UserId;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;

/**
 * {@link PortfolioSource} over HTTP: {@code GET <url>?tenant=<tenant>&user_id=<user>} answering
 * {@code {"spot_holdings_usd": ..., "perp_value_usd": ...}} (numbers, or strings holding them). Any
 * failure — unreachable, slow, a non-200 answer, a body of another shape — is an
 * {@link UnavailableException}, so the capital recompute keeps the last value it had.
 */
public final class HttpPortfolioSource implements PortfolioSource {

    /** Larger answers are not a portfolio reading. */
    static final int MAX_BODY_CHARS = 64 * 1024;
    private static final JsonProvider JSON = JsonProvider.provider();

    private final URI url;
    private final Duration timeout;
    private final HttpClient client;

    public HttpPortfolioSource(URI url, Duration timeout) {
        this.url = Objects.requireNonNull(url, "url");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
            throw new IllegalArgumentException("the portfolio url must be http or https: " + url);
        }
        this.client = HttpClient.newBuilder().connectTimeout(timeout).version(HttpClient.Version.HTTP_1_1).build();
    }

    @Override
    public PortfolioReading read(Tenant tenant, UserId user) {
        String query = "tenant=" + URLEncoder.encode(tenant.value(), StandardCharsets.UTF_8) + "&user_id="
                + URLEncoder.encode(user.value(), StandardCharsets.UTF_8);
        String base = url.toString();
        URI target = URI.create(base + (base.contains("?") ? "&" : "?") + query);
        HttpResponse<String> res;
        try {
            res = client.send(HttpRequest.newBuilder(target).timeout(timeout).header("Accept", "application/json").GET()
                    .build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UnavailableException("portfolio service unreachable: " + e.getClass().getSimpleName(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UnavailableException("interrupted while reading the portfolio service", e);
        }
        if (res.statusCode() != 200) {
            throw new UnavailableException("portfolio service answered " + res.statusCode());
        }
        return reading(res.body());
    }

    static PortfolioReading reading(String body) {
        if (body.length() > MAX_BODY_CHARS) {
            throw new UnavailableException("portfolio service answered more than " + MAX_BODY_CHARS + " characters");
        }
        try (JsonReader reader = JSON.createReader(new StringReader(body))) {
            JsonObject o = reader.readObject();
            return new PortfolioReading(amount(o, "spot_holdings_usd"), amount(o, "perp_value_usd"));
        } catch (JsonException | IllegalStateException | ClassCastException | NumberFormatException e) {
            throw new UnavailableException("portfolio service answered an unreadable body", e);
        } catch (DomainException e) {
            throw new UnavailableException("portfolio service answered " + e.getMessage(), e);
        }
    }

    private static BigDecimal amount(JsonObject o, String field) {
        JsonValue v = o.get(field);
        if (v instanceof JsonNumber n) {
            return n.bigDecimalValue();
        }
        if (v instanceof JsonString s) {
            return new BigDecimal(s.getString().strip());
        }
        throw new IllegalStateException("no number " + field);
    }
}
