package dev.strata.adapters.http.role;

import dev.strata.adapters.http.Resource;

import dev.strata.adapters.http.support.Actors;
import dev.strata.adapters.http.support.JsonBody;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.Responses;
import dev.strata.application.role.PriceService;
import dev.strata.application.role.PushPrice;
import dev.strata.application.role.RecordDecision;
import dev.strata.application.role.RoleMemoryService;
import dev.strata.application.role.RoleReflector;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.OutcomeProbeSpec;
import dev.strata.domain.role.RoleDefinition;
import dev.strata.domain.role.RoleInputs;
import dev.strata.domain.role.RoleMemoryEntry;
import dev.strata.domain.role.RoleMemoryId;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Role memory over REST (spec 05), registered at {@code /v1}:
 *
 * <pre>
 * GET  /v1/roles                          declared roles
 * GET  /v1/roles/{role}                   one role
 * POST /v1/roles/{role}/decisions         record a decision (201, a pending entry)
 * POST /v1/roles/{role}/reflect           reflect the role's due pending entries now
 * GET  /v1/roles/{role}/recall[?query=&amp;limit=]   recent lessons, or matching entries
 * GET  /v1/role-memory/{id}               one entry
 * POST /v1/role-memory/{id}/outcome       a person records the outcome (manual roles)
 * POST /v1/role-memory/{id}/evidence      add a news / on-chain snapshot or a note
 * POST /v1/prices                         pushed price points (wakes on_price_fetch roles)
 * </pre>
 *
 * Every route acts in the request's tenant; an entry of another tenant is 404, like one that does not exist.
 */
public final class RoleHttpService {

    private final RoleMemoryService roles;
    private final RoleReflector reflector;
    private final PriceService prices;
    private final long maxBodyBytes;

    public RoleHttpService(RoleMemoryService roles, RoleReflector reflector, PriceService prices, long maxBodyBytes) {
        this.roles = Objects.requireNonNull(roles, "roles");
        this.reflector = Objects.requireNonNull(reflector, "reflector");
        this.prices = Objects.requireNonNull(prices, "prices");
        if (maxBodyBytes < 1) {
            throw new IllegalArgumentException("maxBodyBytes must be positive");
        }
        this.maxBodyBytes = maxBodyBytes;
    }

    /** The area's resources, one per collection ({@code /v1/roles}, {@code /v1/role-memory}, {@code /v1/prices}). */
    public List<Resource> resources() {
        return List.of(
                new Mount("/v1/roles", rules -> rules.get("/", this::list)
                        .get("/{role}", this::role)
                        .post("/{role}/decisions", this::decide)
                        .post("/{role}/reflect", this::reflect)
                        .get("/{role}/recall", this::recall)),
                new Mount("/v1/role-memory", rules -> rules.get("/{id}", this::entry)
                        .post("/{id}/outcome", this::outcome)
                        .post("/{id}/evidence", this::evidence)),
                new Mount("/v1/prices", rules -> rules.post("/", this::prices)));
    }

    /** One collection of the area, mounted at its path. */
    private record Mount(String path, Consumer<HttpRules> routes) implements Resource {
        @Override
        public void routing(HttpRules rules) {
            routes.accept(rules);
        }
    }

    private void list(ServerRequest req, ServerResponse res) {
        Requests.tenant(req);
        Responses.ok(res, Map.of("roles", roles.roles().stream().map(RoleView::of).toList()));
    }

    private void role(ServerRequest req, ServerResponse res) {
        Requests.tenant(req);
        Responses.ok(res, RoleView.of(roles.role(roleParam(req))));
    }

    /** {@code {decision, inputs?, asset?}}; without {@code asset}, a price_delta role takes {@code inputs[assetField]}. */
    private void decide(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        RoleDefinition role = roles.role(roleParam(req));
        JsonBody body = Requests.json(req, maxBodyBytes).allowOnly(Set.of("decision", "inputs", "asset"));
        String decision = body.requiredString("decision");
        JsonObject inputs = body.value("inputs").map(v -> {
            if (v.getValueType() != JsonValue.ValueType.OBJECT) {
                throw new InvalidInputException("inputs", "must be a JSON object");
            }
            return v.asJsonObject();
        }).orElse(JsonValue.EMPTY_JSON_OBJECT);
        Optional<String> asset = body.optionalString("asset");
        if (asset.isEmpty() && role.policy().outcomeProbe() instanceof OutcomeProbeSpec.PriceDelta delta
                && inputs.containsKey(delta.assetField())) {
            JsonValue named = inputs.get(delta.assetField());
            if (named.getValueType() != JsonValue.ValueType.STRING) {
                throw new InvalidInputException("inputs." + delta.assetField(), "must be a string naming the asset");
            }
            asset = Optional.of(inputs.getString(delta.assetField()));
        }
        RoleMemoryEntry entry = roles.record(new RecordDecision(tenant, role.id().value(), new RoleInputs(inputs.toString()),
                decision, asset), Actors.of(req));
        res.header(HeaderNames.LOCATION, "/v1/role-memory/" + entry.id());
        Responses.json(res, Status.CREATED_201, RoleMemoryEntryView.of(entry));
    }

    private void reflect(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        RoleDefinition role = roles.role(roleParam(req));
        Responses.ok(res, ReflectionView.of(reflector.reflect(tenant, role.id())));
    }

    private void recall(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        int limit = Requests.intParam(req, "limit").orElse(RoleMemoryService.DEFAULT_LIMIT);
        Responses.ok(res, RecallView.of(roles.recall(tenant, roleParam(req), Requests.param(req, "query"), limit)));
    }

    private void entry(ServerRequest req, ServerResponse res) {
        Responses.ok(res, RoleMemoryEntryView.of(roles.get(Requests.tenant(req), idParam(req))));
    }

    /** {@code {outcome, change_percent?}}. */
    private void outcome(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        JsonBody body = Requests.json(req, maxBodyBytes).allowOnly(Set.of("outcome", "change_percent"));
        String outcome = body.requiredString("outcome");
        Optional<BigDecimal> change = body.value("change_percent").map(v -> number(v, "change_percent"));
        Responses.ok(res, RoleMemoryEntryView.of(roles.recordOutcome(tenant, idParam(req), outcome, change,
                Actors.of(req))));
    }

    /** {@code {kind: news|onchain|note, text, source?}}. */
    private void evidence(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        JsonBody body = Requests.json(req, maxBodyBytes).allowOnly(Set.of("kind", "source", "text"));
        String kind = body.requiredString("kind");
        if (kind.equals("refetch_source")) {
            throw new InvalidInputException("kind", "refetch_source evidence comes from the role's post-hoc probes; "
                    + "push news, onchain or note");
        }
        Responses.ok(res, RoleMemoryEntryView.of(roles.addEvidence(tenant, idParam(req), kind,
                body.optionalString("source").orElse("api"), body.requiredString("text"), Actors.of(req))));
    }

    /** {@code {prices: [{asset, price, at?, source?}, ...]}}. */
    private void prices(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        JsonBody body = Requests.json(req, maxBodyBytes).allowOnly(Set.of("prices"));
        JsonValue list = body.value("prices").orElseThrow(() -> new InvalidInputException("prices", "is required"));
        if (list.getValueType() != JsonValue.ValueType.ARRAY) {
            throw new InvalidInputException("prices", "must be an array of {asset, price, at?, source?}");
        }
        List<PushPrice> pushed = new ArrayList<>();
        var items = list.asJsonArray();
        if (items.size() > PriceService.MAX_POINTS) {
            throw new InvalidInputException("prices", "must hold 1-" + PriceService.MAX_POINTS + " points");
        }
        for (int i = 0; i < items.size(); i++) {
            String at = "prices[" + i + "]";
            if (items.get(i).getValueType() != JsonValue.ValueType.OBJECT) {
                throw new InvalidInputException(at, "must be an object {asset, price, at?, source?}");
            }
            JsonObject p = items.get(i).asJsonObject();
            for (String key : p.keySet()) {
                if (!Set.of("asset", "price", "at", "source").contains(key)) {
                    throw new InvalidInputException(at + "." + key, "is not a known field (allowed: asset, at, price, source)");
                }
            }
            if (p.get("price") == null) {
                throw new InvalidInputException(at + ".price", "is required");
            }
            pushed.add(new PushPrice(string(p, "asset", at), number(p.get("price"), at + ".price"),
                    optionalString(p, "at", at).map(t -> instant(t, at + ".at")),
                    optionalString(p, "source", at)));
        }
        var assets = prices.pushAll(tenant, pushed, Actors.of(req));
        Responses.ok(res, new PricesView(pushed.size(), assets.stream().map(Asset::symbol).toList()));
    }

    private static String roleParam(ServerRequest req) {
        return req.path().pathParameters().get("role");
    }

    private static RoleMemoryId idParam(ServerRequest req) {
        return RoleMemoryId.parse(req.path().pathParameters().get("id"));
    }

    private static BigDecimal number(JsonValue v, String field) {
        if (v.getValueType() != JsonValue.ValueType.NUMBER) {
            throw new InvalidInputException(field, "must be a number");
        }
        return ((JsonNumber) v).bigDecimalValue();
    }

    private static String string(JsonObject o, String name, String at) {
        return optionalString(o, name, at).orElseThrow(() -> new InvalidInputException(at + "." + name, "is required"));
    }

    private static Optional<String> optionalString(JsonObject o, String name, String at) {
        JsonValue v = o.get(name);
        if (v == null || v.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (v.getValueType() != JsonValue.ValueType.STRING) {
            throw new InvalidInputException(at + "." + name, "must be a string");
        }
        return Optional.of(o.getString(name));
    }

    private static Instant instant(String text, String field) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new InvalidInputException(field, "must be an ISO-8601 instant such as 2026-03-02T10:00:00Z");
        }
    }
}
