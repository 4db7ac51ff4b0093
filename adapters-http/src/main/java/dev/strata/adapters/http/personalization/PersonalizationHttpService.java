package dev.strata.adapters.http.personalization;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.profile.ProfileHttpService;
import dev.strata.adapters.http.support.JsonBody;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.Responses;
import dev.strata.application.personalization.CapitalRecompute;
import dev.strata.application.personalization.CapitalService;
import dev.strata.application.personalization.PersonalizationService;
import dev.strata.application.personalization.StrategyRunService;
import dev.strata.application.profile.ProfileService;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.OnboardingAnswers;
import dev.strata.domain.personalization.PortfolioReading;
import dev.strata.domain.personalization.ProfileEdit;
import dev.strata.domain.personalization.ReferenceWallets;
import dev.strata.domain.personalization.StopReason;
import dev.strata.domain.personalization.StrategyId;
import dev.strata.domain.personalization.StrategyRunId;
import dev.strata.domain.personalization.TagDimension;
import dev.strata.domain.personalization.TagValue;
import dev.strata.domain.personalization.UserId;
import dev.strata.application.provenance.WriteOrigin;
import dev.strata.adapters.http.support.Actors;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code /v1/profile}: the personalization portrait and the key/value profile under one path.
 *
 * <p>The personalization routes are declared first and the key/value resource's after them, so the
 * fixed paths ({@code /tags}, {@code /onboarding}, {@code /capital}, {@code /strategy-runs}) are never
 * taken for a key, and {@code GET /v1/profile} answers the whole portrait, which still starts with the
 * key/value entries under {@code profile}. Every route takes {@code ?user_id=} (default {@code default}).
 *
 * <ul>
 *   <li>{@code GET /} the portrait; {@code PATCH /} edits the user's fields;</li>
 *   <li>{@code GET /tags}; {@code PUT /tags/{dimension}} declares a value ({@code {"value": ...}}, a list for
 *       markets); {@code DELETE /tags/{dimension}} withdraws it;</li>
 *   <li>{@code GET|POST /onboarding} ({@code {"answers": {...}}});</li>
 *   <li>agent-internal, never in the portrait: {@code GET|POST /capital}, {@code POST /capital/recompute},
 *       {@code GET|POST /strategy-runs}, {@code POST /strategy-runs/reconcile},
 *       {@code POST /strategy-runs/{id}/stop}, {@code POST /strategy-runs/{id}/pnl}.</li>
 * </ul>
 */
public final class PersonalizationHttpService implements Resource {

    static final Set<String> EDIT_FIELDS = Set.copyOf(ProfileEdit.FIELDS);
    static final Set<String> ANSWER_FIELDS = Set.of("finance_knowledge", "frequency", "risk", "markets",
            "investing_capital");

    private final PersonalizationService personalization;
    private final CapitalService capital;
    private final StrategyRunService runs;
    private final ProfileHttpService keyValue;
    private final GatewaySettings settings;

    public PersonalizationHttpService(PersonalizationService personalization, CapitalService capital,
                                      StrategyRunService runs, ProfileService profile, GatewaySettings settings) {
        this.personalization = personalization;
        this.capital = capital;
        this.runs = runs;
        this.keyValue = new ProfileHttpService(profile, settings);
        this.settings = settings;
    }

    @Override
    public String path() {
        return "/v1/profile";
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::portrait)
                .patch("/", this::edit)
                .get("/tags", this::tags)
                .put("/tags/{dimension}", this::declare)
                .delete("/tags/{dimension}", this::clear)
                .get("/onboarding", this::onboardingStatus)
                .post("/onboarding", this::onboard)
                .get("/capital", this::capital)
                .post("/capital", this::pushCapital)
                .post("/capital/recompute", this::recompute)
                .get("/strategy-runs", this::runs)
                .post("/strategy-runs", this::open)
                .post("/strategy-runs/reconcile", this::reconcile)
                .post("/strategy-runs/{id}/stop", this::stop)
                .post("/strategy-runs/{id}/pnl", this::pnl);
        // After ours: /{key} only sees what no route above took (its GET / is shadowed by the portrait).
        keyValue.routing(rules);
    }

    // --- the portrait and the row -------------------------------------------------------------------

    private void portrait(ServerRequest req, ServerResponse res) {
        Responses.ok(res, PortraitView.of(personalization.portrait(Requests.tenant(req), user(req))));
    }

    private void edit(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        UserId user = user(req);
        JsonBody body = Requests.json(req, settings.maxBodyBytes()).allowOnly(EDIT_FIELDS);
        ProfileEdit edit = ProfileEdit.NONE;
        if (body.raw().containsKey("custom_prompt")) {
            // null clears the custom prompt; a string sets it.
            edit = edit.withCustomPrompt(body.optionalString("custom_prompt"));
        }
        if (body.has("reference_wallets")) {
            edit = edit.withReferenceWallets(new ReferenceWallets(strings(body.raw().get("reference_wallets"),
                    "reference_wallets")));
        }
        Optional<Boolean> memories = body.optionalBoolean("include_memories");
        Optional<Boolean> summary = body.optionalBoolean("include_trading_summary");
        Optional<Boolean> tags = body.optionalBoolean("include_tags");
        edit = new ProfileEdit(edit.customPrompt(), edit.referenceWallets(), memories, summary, tags);
        Responses.ok(res, EditView.of(personalization.edit(tenant, user, edit, Actors.of(req))));
    }

    // --- tags ----------------------------------------------------------------------------------------

    private void tags(ServerRequest req, ServerResponse res) {
        UserId user = user(req);
        Responses.ok(res, TagsView.of(user.value(), personalization.tags(Requests.tenant(req), user)));
    }

    private void declare(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        UserId user = user(req);
        TagDimension dimension = dimension(req);
        JsonBody body = Requests.json(req, settings.maxBodyBytes()).allowOnly(Set.of("value"));
        TagValue value = tagValue(dimension, body.value("value")
                .orElseThrow(() -> new InvalidInputException("value", "is required")), "value");
        Responses.ok(res, TagWriteView.of(personalization.declareTag(tenant, user, value, Actors.of(req))));
    }

    private void clear(ServerRequest req, ServerResponse res) {
        TagDimension dimension = dimension(req);
        if (!personalization.clearTag(Requests.tenant(req), user(req), dimension, Actors.of(req))) {
            throw new NotFoundException("tag", dimension.slug());
        }
        res.status(Status.NO_CONTENT_204).send();
    }

    // --- onboarding ---------------------------------------------------------------------------------

    private void onboardingStatus(ServerRequest req, ServerResponse res) {
        Responses.ok(res, OnboardingView.of(personalization.onboardingStatus(Requests.tenant(req), user(req))));
    }

    /** Every answer is checked (and the whole body refused on the first bad one) before anything is written. */
    private void onboard(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        UserId user = user(req);
        JsonBody body = Requests.json(req, settings.maxBodyBytes()).allowOnly(Set.of("answers"));
        JsonValue raw = body.value("answers").orElseThrow(() -> new InvalidInputException("answers", "is required"));
        if (raw.getValueType() != JsonValue.ValueType.OBJECT) {
            throw new InvalidInputException("answers", "must be a JSON object");
        }
        JsonObject a = raw.asJsonObject();
        JsonBody.of(a, "answers.").allowOnly(ANSWER_FIELDS);
        OnboardingAnswers answers = new OnboardingAnswers(answer(a, TagDimension.FINANCE_KNOWLEDGE),
                answer(a, TagDimension.FREQUENCY), answer(a, TagDimension.RISK), answer(a, TagDimension.MARKETS),
                capitalAnswer(a));
        Responses.ok(res, OnboardingResultView.of(personalization.completeOnboarding(tenant, user, answers,
                WriteOrigin.person(Actors.of(req)))));
    }

    private static Optional<TagValue> answer(JsonObject answers, TagDimension d) {
        JsonValue v = answers.get(d.slug());
        if (v == null || v == JsonValue.NULL) {
            return Optional.empty();
        }
        return Optional.of(tagValue(d, v, "answers." + d.slug()));
    }

    /** The self-reported capital as the user wrote it: text, or a number kept as its digits. */
    private static Optional<String> capitalAnswer(JsonObject answers) {
        JsonValue v = answers.get("investing_capital");
        if (v == null || v == JsonValue.NULL) {
            return Optional.empty();
        }
        return switch (v.getValueType()) {
            case STRING -> Optional.of(((JsonString) v).getString());
            case NUMBER -> Optional.of(((JsonNumber) v).bigDecimalValue().toPlainString());
            default -> throw new InvalidInputException("answers.investing_capital", "must be a string or a number");
        };
    }

    // --- agent-internal: capital and strategy runs --------------------------------------------------

    private void capital(ServerRequest req, ServerResponse res) {
        UserId user = user(req);
        Responses.ok(res, CapitalView.of(capital.metrics(Requests.tenant(req), user)
                .orElseThrow(() -> new NotFoundException("capital metrics", user.value())), Optional.empty()));
    }

    private void pushCapital(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        UserId user = user(req);
        JsonBody body = Requests.json(req, settings.maxBodyBytes())
                .allowOnly(Set.of("spot_holdings_usd", "perp_value_usd"));
        PortfolioReading reading = new PortfolioReading(amount(body, "spot_holdings_usd"),
                amount(body, "perp_value_usd"));
        Responses.ok(res, CapitalView.of(capital.record(tenant, user, reading, Actors.of(req)), Optional.of("pushed")));
    }

    private void recompute(ServerRequest req, ServerResponse res) {
        Requests.optionalJson(req, settings.maxBodyBytes()).ifPresent(b -> b.allowOnly(Set.of()));
        CapitalRecompute r = capital.recompute(Requests.tenant(req), user(req), Actors.of(req));
        Responses.ok(res, CapitalView.of(r.metrics(), Optional.of(r.outcome().name().toLowerCase(java.util.Locale.ROOT))));
    }

    private void runs(ServerRequest req, ServerResponse res) {
        Responses.ok(res, StrategyRunView.Runs.of(runs.history(Requests.tenant(req), user(req),
                Requests.intParam(req, "limit"))));
    }

    private void open(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        UserId user = user(req);
        JsonBody body = Requests.json(req, settings.maxBodyBytes()).allowOnly(Set.of("strategy_id", "allocated_usd"));
        StrategyId strategy = body.optionalString("strategy_id", StrategyId::of)
                .orElseThrow(() -> new InvalidInputException("strategy_id", "is required"));
        Responses.json(res, Status.CREATED_201, StrategyRunView.of(runs.open(tenant, user, strategy,
                amount(body, "allocated_usd"), Actors.of(req))));
    }

    private void reconcile(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        UserId user = user(req);
        JsonBody body = Requests.json(req, settings.maxBodyBytes()).allowOnly(Set.of("running"));
        JsonValue raw = body.value("running").orElseThrow(() -> new InvalidInputException("running", "is required"));
        Set<StrategyId> upstream = new LinkedHashSet<>();
        List<String> ids = strings(raw, "running");
        for (int i = 0; i < ids.size(); i++) {
            try {
                upstream.add(StrategyId.of(ids.get(i)));
            } catch (InvalidInputException e) {
                throw new InvalidInputException("running[" + i + "]", e.reason());
            }
        }
        Responses.ok(res, StrategyRunView.Runs.of(runs.reconcile(tenant, user, upstream, Actors.of(req))));
    }

    private void stop(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        StrategyRunId id = runId(req);
        JsonBody body = Requests.json(req, settings.maxBodyBytes()).allowOnly(Set.of("stop_reason", "realized_pnl_usd"));
        StopReason reason = body.optionalString("stop_reason", StopReason::parse).orElse(StopReason.USER_MANUAL);
        Optional<BigDecimal> pnl = body.has("realized_pnl_usd") ? Optional.of(amount(body, "realized_pnl_usd"))
                : Optional.empty();
        Responses.ok(res, StrategyRunView.of(runs.stop(tenant, id, reason, pnl, Actors.of(req))));
    }

    private void pnl(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        StrategyRunId id = runId(req);
        JsonBody body = Requests.json(req, settings.maxBodyBytes()).allowOnly(Set.of("realized_pnl_usd"));
        Responses.ok(res, StrategyRunView.of(runs.backfillPnl(tenant, id, amount(body, "realized_pnl_usd"), Actors.of(req))));
    }

    // --- reading requests ---------------------------------------------------------------------------

    private static UserId user(ServerRequest req) {
        return UserId.orDefault(Requests.param(req, "user_id"));
    }

    private static TagDimension dimension(ServerRequest req) {
        return TagDimension.parse(req.path().pathParameters().get("dimension"));
    }

    private static StrategyRunId runId(ServerRequest req) {
        return StrategyRunId.parse(req.path().pathParameters().get("id"));
    }

    /** A tag value from JSON: a string for a single-value dimension, a list of strings for markets; never coerced. */
    static TagValue tagValue(TagDimension d, JsonValue v, String field) {
        return switch (v.getValueType()) {
            case STRING -> TagValue.single(d, ((JsonString) v).getString(), field);
            case ARRAY -> {
                if (v.asJsonArray().stream().anyMatch(item -> item.getValueType() != JsonValue.ValueType.STRING)) {
                    throw notATagValue(d, field);
                }
                yield TagValue.multi(d, strings(v, field), field);
            }
            default -> throw notATagValue(d, field);
        };
    }

    private static InvalidInputException notATagValue(TagDimension d, String field) {
        return new InvalidInputException(field, "must be " + (d.multiSelect() ? "a list" : "one") + " of "
                + d.allowedList() + " for dimension " + d.slug());
    }

    private static List<String> strings(JsonValue v, String field) {
        if (v.getValueType() != JsonValue.ValueType.ARRAY) {
            throw new InvalidInputException(field, "must be a list of strings");
        }
        JsonArray array = v.asJsonArray();
        List<String> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            if (array.get(i).getValueType() != JsonValue.ValueType.STRING) {
                throw new InvalidInputException(field + "[" + i + "]", "must be a string");
            }
            out.add(array.getString(i));
        }
        return out;
    }

    /** A US-dollar amount: a JSON number, or a string holding one (for exact decimals). */
    private static BigDecimal amount(JsonBody body, String field) {
        JsonValue v = body.value(field).orElseThrow(() -> new InvalidInputException(field, "is required"));
        try {
            return switch (v.getValueType()) {
                case NUMBER -> ((JsonNumber) v).bigDecimalValue();
                case STRING -> new BigDecimal(((JsonString) v).getString().strip());
                default -> throw new InvalidInputException(field, "must be a number");
            };
        } catch (NumberFormatException | ArithmeticException e) {
            throw new InvalidInputException(field, "must be a number");
        }
    }
}
