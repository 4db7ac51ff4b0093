package dev.strata.adapters.http.tradehistory;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.FillInput;
import dev.strata.domain.trading.SpotActivityInput;
import dev.strata.domain.trading.SubAccountId;
import dev.strata.domain.trading.TradeHistorySource;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@link TradeHistorySource} over HTTP (java.net.http). The API it speaks, all GET with JSON answers:
 * <pre>
 * {base}{subAccountsPath}?tenant=T                                        -> {"sub_accounts": ["0xabc", ...]}
 * {base}{perpsFillsPath}?tenant=T&amp;sub_account_id=S&amp;limit=N[&amp;since_ms=M][&amp;cursor=C]
 *                                                                         -> {"items": [fill...], "next_cursor": "..."|null}
 * {base}{spotActivitiesPath}?tenant=T&amp;limit=N[&amp;since_ms=M][&amp;cursor=C] -> {"items": [activity...], "next_cursor": ...}
 * </pre>
 * Items are oldest first from {@code since_ms} (inclusive). A fill may use Hyperliquid's field names
 * ({@code coin px sz time closedPnl tid hash oid side dir}) or the mirror's ({@code symbol price size
 * ts_ms closed_pnl ...}); numbers may be JSON numbers or decimal strings. Each item's JSON text is kept
 * as its raw JSON. Any transport error, timeout, status other than 200, answer over
 * {@value #MAX_RESPONSE_BYTES} bytes or body of the wrong shape is an {@link UnavailableException}:
 * the sync counts it as that key's failure. Field values are not judged here; the sync's one
 * normalisation does that.
 */
public final class HttpTradeHistorySource implements TradeHistorySource {

    /** The largest answer read; more is refused rather than buffered. */
    public static final int MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

    private final HistorySourceSettings settings;
    private final HttpClient http;

    public HttpTradeHistorySource(HistorySourceSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.http = HttpClient.newBuilder().connectTimeout(settings.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    @Override
    public boolean isEnabled() {
        return true;
    }

    @Override
    public List<SubAccountId> subAccounts(Tenant tenant) {
        JsonObject body = get(settings.subAccountsPath(), Map.of("tenant", tenant.value()));
        JsonArray list = array(body, "sub_accounts");
        List<SubAccountId> out = new ArrayList<>(list.size());
        for (JsonValue v : list) {
            if (!(v instanceof JsonString s)) {
                throw new UnavailableException("trade history source listed a sub-account that is not a string");
            }
            try {
                out.add(SubAccountId.of(s.getString()));
            } catch (RuntimeException e) {
                throw new UnavailableException("trade history source listed an invalid sub-account: " + e.getMessage());
            }
        }
        return out;
    }

    @Override
    public Page<FillInput> perpsFills(Tenant tenant, SubAccountId subAccount, Optional<Instant> since,
                                      Optional<String> cursor) {
        Map<String, String> query = query(tenant, since, cursor);
        query.put("sub_account_id", subAccount.value());
        return page(get(settings.perpsFillsPath(), query), HttpTradeHistorySource::fill);
    }

    @Override
    public Page<SpotActivityInput> spotActivities(Tenant tenant, Optional<Instant> since, Optional<String> cursor) {
        return page(get(settings.spotActivitiesPath(), query(tenant, since, cursor)), HttpTradeHistorySource::activity);
    }

    private Map<String, String> query(Tenant tenant, Optional<Instant> since, Optional<String> cursor) {
        Map<String, String> query = new LinkedHashMap<>();
        query.put("tenant", tenant.value());
        query.put("limit", Integer.toString(settings.pageSize()));
        since.ifPresent(s -> query.put("since_ms", Long.toString(s.toEpochMilli())));
        cursor.ifPresent(c -> query.put("cursor", c));
        return query;
    }

    private static <T> Page<T> page(JsonObject body, Function<JsonObject, T> item) {
        JsonArray items = array(body, "items");
        List<T> out = new ArrayList<>(items.size());
        for (JsonValue v : items) {
            if (v.getValueType() != JsonValue.ValueType.OBJECT) {
                throw new UnavailableException("trade history source sent an item that is not a JSON object");
            }
            out.add(item.apply(v.asJsonObject()));
        }
        Optional<String> next = text(body, "next_cursor");
        if (next.isPresent() && next.get().length() > 1_024) {
            throw new UnavailableException("trade history source sent a cursor longer than 1024 characters");
        }
        return new Page<>(out, next);
    }

    private static FillInput fill(JsonObject o) {
        return new FillInput(text(o, "sub_account_id"), text(o, "wallet_address", "user"), text(o, "oid"),
                millis(o, "ts_ms", "time"), text(o, "symbol", "coin"), text(o, "side"), text(o, "dir"),
                decimal(o, "size", "sz"), decimal(o, "price", "px"), decimal(o, "fee"),
                decimal(o, "closed_pnl", "closedPnl"), text(o, "tid"), text(o, "hash"), Optional.of(o.toString()));
    }

    private static SpotActivityInput activity(JsonObject o) {
        return new SpotActivityInput(text(o, "tx_hash", "txHash", "hash"), millis(o, "ts_ms", "time", "timestamp"),
                text(o, "type"), text(o, "from_token", "fromToken"), text(o, "to_token", "toToken"),
                text(o, "amount"), decimal(o, "value_usd", "valueUsd"), text(o, "status"), Optional.of(o.toString()));
    }

    /** The first present name's value as text (strings as they are, numbers in plain notation). */
    private static Optional<String> text(JsonObject o, String... names) {
        for (String name : names) {
            JsonValue v = o.get(name);
            if (v instanceof JsonString s) {
                return Optional.of(s.getString());
            }
            if (v instanceof JsonNumber n) {
                return Optional.of(n.bigDecimalValue().toPlainString());
            }
        }
        return Optional.empty();
    }

    private static Optional<BigDecimal> decimal(JsonObject o, String... names) {
        return text(o, names).flatMap(t -> {
            try {
                return t.length() > 64 ? Optional.empty() : Optional.of(new BigDecimal(t.strip()));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        });
    }

    private static Optional<Long> millis(JsonObject o, String... names) {
        return decimal(o, names).flatMap(d -> {
            try {
                return Optional.of(d.longValueExact());
            } catch (ArithmeticException e) {
                return Optional.empty();
            }
        });
    }

    private static JsonArray array(JsonObject body, String name) {
        JsonValue v = body.get(name);
        if (v == null || v.getValueType() != JsonValue.ValueType.ARRAY) {
            throw new UnavailableException("trade history source answered without a '" + name + "' array");
        }
        return v.asJsonArray();
    }

    private JsonObject get(String path, Map<String, String> query) {
        StringBuilder uri = new StringBuilder(settings.baseUrl().toString().replaceAll("/+$", "")).append(path);
        char sep = '?';
        for (Map.Entry<String, String> e : query.entrySet()) {
            uri.append(sep).append(e.getKey()).append('=').append(URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8));
            sep = '&';
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(uri.toString()))
                .timeout(settings.requestTimeout()).header("Accept", "application/json")
                .header("User-Agent", "strata-history-sync").GET();
        settings.bearerToken().ifPresent(t -> request.header("Authorization", "Bearer " + t));
        HttpResponse<InputStream> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            throw new UnavailableException("trade history source did not answer " + path + ": " + describe(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UnavailableException("trade history request was interrupted", e);
        }
        String body;
        try (InputStream in = response.body()) {
            body = readBounded(in);
        } catch (IOException e) {
            throw new UnavailableException("trade history source sent an unreadable answer: " + describe(e), e);
        }
        if (response.statusCode() != 200) {
            throw new UnavailableException("trade history source answered HTTP " + response.statusCode() + " for " + path);
        }
        try (JsonReader reader = Json.createReader(new StringReader(body))) {
            JsonValue value = reader.readValue();
            if (value.getValueType() != JsonValue.ValueType.OBJECT) {
                throw new UnavailableException("trade history source answered JSON that is not an object");
            }
            return value.asJsonObject();
        } catch (JsonException | IllegalStateException e) {
            throw new UnavailableException("trade history source answered something that is not JSON", e);
        }
    }

    private static String readBounded(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[16_384];
        int n;
        while ((n = in.read(buffer)) != -1) {
            if (out.size() + n > MAX_RESPONSE_BYTES) {
                throw new UnavailableException("trade history source answered more than " + MAX_RESPONSE_BYTES + " bytes");
            }
            out.write(buffer, 0, n);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String describe(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
