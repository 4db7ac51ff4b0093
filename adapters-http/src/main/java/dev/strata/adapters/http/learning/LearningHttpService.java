package dev.strata.adapters.http.learning;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.learning.LearningViews.CaseListView;
import dev.strata.adapters.http.learning.LearningViews.CompiledPageView;
import dev.strata.adapters.http.learning.LearningViews.CreatedMethodologyView;
import dev.strata.adapters.http.learning.LearningViews.LearnedView;
import dev.strata.adapters.http.learning.LearningViews.LearningListView;
import dev.strata.adapters.http.learning.LearningViews.MethodologyListView;
import dev.strata.adapters.http.learning.LearningViews.MiningView;
import dev.strata.adapters.http.learning.LearningViews.OutcomeView;
import dev.strata.adapters.http.learning.LearningViews.PreferenceListView;
import dev.strata.adapters.http.learning.LearningViews.ProposedView;
import dev.strata.adapters.http.learning.LearningViews.SeedView;
import dev.strata.adapters.http.learning.LearningViews.SynthesisView;
import dev.strata.adapters.http.learning.LearningViews.TradeListView;
import dev.strata.adapters.http.support.Actors;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.Responses;
import dev.strata.application.learning.CompiledPageService;
import dev.strata.application.learning.LearningsService;
import dev.strata.application.learning.MethodologyDraft;
import dev.strata.application.learning.MethodologyService;
import dev.strata.application.learning.PreferenceService;
import dev.strata.application.learning.ProposePreference;
import dev.strata.application.learning.RecordOutcome;
import dev.strata.application.learning.RecordTrade;
import dev.strata.application.learning.SynthesisService;
import dev.strata.application.learning.TradeService;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.learning.CaseId;
import dev.strata.domain.learning.LearningId;
import dev.strata.domain.learning.MethodologyId;
import dev.strata.domain.learning.MethodologyStore;
import dev.strata.domain.learning.PreferenceId;
import dev.strata.domain.learning.PreferenceStore;
import dev.strata.domain.learning.TradeId;
import dev.strata.domain.memory.Tenant;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The learning loop's REST resources. The area spans six collections, so it is mounted as six
 * resources, one per collection path ({@link #resources()}); only translation happens here, every
 * rule lives in the services.
 * <pre>
 * POST /v1/methodologies                  create (201; 200 with created=false on a dedup match)
 * POST /v1/methodologies/seed             {"methodologies":[{asset_class,title,body}]}, all or none
 * POST /v1/methodologies/synthesize       the synthesis job on demand
 * GET  /v1/methodologies                  ?asset_class=&amp;state=quarantined|graduated&amp;limit=
 * GET  /v1/methodologies/{id}
 * POST /v1/methodologies/{id}/approve     409 naming the missed bar
 * POST /v1/methodologies/{id}/quarantine
 * POST /v1/trades                         optionally closed, optionally with methodology_ids + hint_hash
 * GET  /v1/trades                         ?asset=&amp;limit=
 * GET  /v1/trades/{id}
 * POST /v1/trades/{id}/outcome            {exit_price, pnl?, closed_at?}; replay-safe, corrections move counts once
 * POST /v1/cases                          {trade_id, methodology_ids, hint_hash, decision?}
 * GET  /v1/cases                          ?trade_id=&amp;methodology_id=&amp;outcome=&amp;limit=
 * GET  /v1/cases/{id}
 * POST /v1/preferences                    a proposal (never a state); 200 with created=false on a restatement
 * POST /v1/preferences/mine               mining on demand
 * GET  /v1/preferences                    ?state=&amp;kind=&amp;dimension=&amp;limit=
 * GET  /v1/preferences/{id}
 * POST /v1/preferences/{id}/approve|reject|deactivate
 * POST /v1/learnings                      memory_learn
 * GET  /v1/learnings                      ?query=&amp;limit= (a query searches)
 * GET  /v1/learnings/{id}
 * GET  /v1/compiled/{entity}              ?include_hard_constraints=true|false
 * </pre>
 */
public final class LearningHttpService {

    private static final Set<String> METHODOLOGY_FIELDS = Set.of("asset_class", "title", "body", "provenance");
    private static final Set<String> SEED_ITEM_FIELDS = Set.of("asset_class", "title", "body");
    private static final Set<String> TRADE_FIELDS = Set.of("asset", "asset_class", "side", "size", "entry_price",
            "opened_at", "exit_price", "pnl", "closed_at", "methodology_ids", "hint_hash", "decision");
    private static final Set<String> OUTCOME_FIELDS = Set.of("exit_price", "pnl", "closed_at");
    private static final Set<String> CASE_FIELDS = Set.of("trade_id", "methodology_ids", "hint_hash", "decision");
    private static final Set<String> PREFERENCE_FIELDS = Set.of("dimension", "content", "kind", "evidence", "source");
    private static final Set<String> LEARNING_FIELDS = Set.of("task", "steps", "context");

    private final MethodologyService methodologies;
    private final TradeService trades;
    private final PreferenceService preferences;
    private final LearningsService learnings;
    private final CompiledPageService pages;
    private final SynthesisService synthesis;
    private final GatewaySettings settings;

    public LearningHttpService(MethodologyService methodologies, TradeService trades, PreferenceService preferences,
                               LearningsService learnings, CompiledPageService pages, SynthesisService synthesis,
                               GatewaySettings settings) {
        this.methodologies = Objects.requireNonNull(methodologies, "methodologies");
        this.trades = Objects.requireNonNull(trades, "trades");
        this.preferences = Objects.requireNonNull(preferences, "preferences");
        this.learnings = Objects.requireNonNull(learnings, "learnings");
        this.pages = Objects.requireNonNull(pages, "pages");
        this.synthesis = Objects.requireNonNull(synthesis, "synthesis");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** The area's resources, one per collection, for the gateway to mount. */
    public List<Resource> resources() {
        return List.of(
                new Mount("/v1/methodologies", rules -> rules.post("/", this::createMethodology)
                        .post("/seed", this::seed)
                        .post("/synthesize", this::synthesize)
                        .get("/", this::listMethodologies)
                        .get("/{id}", this::getMethodology)
                        .post("/{id}/approve", this::approveMethodology)
                        .post("/{id}/quarantine", this::quarantineMethodology)),
                new Mount("/v1/trades", rules -> rules.post("/", this::recordTrade)
                        .get("/", this::listTrades)
                        .get("/{id}", this::getTrade)
                        .post("/{id}/outcome", this::recordOutcome)),
                new Mount("/v1/cases", rules -> rules.post("/", this::recordCase)
                        .get("/", this::listCases)
                        .get("/{id}", this::getCase)),
                new Mount("/v1/preferences", rules -> rules.post("/", this::propose)
                        .post("/mine", this::mine)
                        .get("/", this::listPreferences)
                        .get("/{id}", this::getPreference)
                        .post("/{id}/approve", (req, res) -> Responses.ok(res, PreferenceView.of(
                                preferences.approve(tenant(req), preferenceId(req), Actors.of(req)))))
                        .post("/{id}/reject", (req, res) -> Responses.ok(res, PreferenceView.of(
                                preferences.reject(tenant(req), preferenceId(req), Actors.of(req)))))
                        .post("/{id}/deactivate", (req, res) -> Responses.ok(res, PreferenceView.of(
                                preferences.deactivate(tenant(req), preferenceId(req), Actors.of(req)))))),
                new Mount("/v1/learnings", rules -> rules.post("/", this::learn)
                        .get("/", this::listLearnings)
                        .get("/{id}", (req, res) -> Responses.ok(res, LearningView.of(
                                learnings.get(tenant(req), LearningId.parse("id", id(req))))))),
                new Mount("/v1/compiled", rules -> rules.get("/{entity}", this::compiledPage)));
    }

    /** One collection of the area, mounted at its path. */
    private record Mount(String path, Consumer<HttpRules> routes) implements Resource {
        @Override
        public void routing(HttpRules rules) {
            routes.accept(rules);
        }
    }

    private static Tenant tenant(ServerRequest req) {
        return Requests.tenant(req);
    }

    private static String id(ServerRequest req) {
        return req.path().pathParameters().get("id");
    }

    private static PreferenceId preferenceId(ServerRequest req) {
        return PreferenceId.parse("id", id(req));
    }

    private LearningJson body(ServerRequest req, Set<String> fields) {
        return new LearningJson(Requests.json(req, settings.maxBodyBytes()).allowOnly(fields));
    }

    private static void created(ServerResponse res, boolean created, String location, Object view) {
        if (created) {
            res.header(HeaderNames.LOCATION, location);
        }
        Responses.json(res, created ? Status.CREATED_201 : Status.OK_200, view);
    }

    private void createMethodology(ServerRequest req, ServerResponse res) {
        LearningJson b = body(req, METHODOLOGY_FIELDS);
        MethodologyStore.Created c = methodologies.create(tenant(req), new MethodologyDraft(
                b.requiredString("asset_class"), b.requiredString("title"), b.requiredString("body"),
                b.string("provenance")));
        created(res, c.inserted(), "/v1/methodologies/" + c.methodology().id(), CreatedMethodologyView.of(c));
    }

    private void seed(ServerRequest req, ServerResponse res) {
        LearningJson b = body(req, Set.of("methodologies"));
        List<MethodologyDraft> drafts = b.objects("methodologies").stream()
                .map(item -> item.allowOnly(SEED_ITEM_FIELDS))
                .map(item -> new MethodologyDraft(item.requiredString("asset_class"), item.requiredString("title"),
                        item.requiredString("body")))
                .toList();
        List<MethodologyStore.Created> seeded = methodologies.seed(tenant(req), drafts);
        Responses.json(res, Status.CREATED_201, new SeedView(seeded.stream().map(CreatedMethodologyView::of).toList()));
    }

    private void synthesize(ServerRequest req, ServerResponse res) {
        Responses.ok(res, SynthesisView.of(synthesis.synthesize(tenant(req))));
    }

    private void listMethodologies(ServerRequest req, ServerResponse res) {
        Responses.ok(res, new MethodologyListView(methodologies.list(tenant(req), Requests.param(req, "asset_class"),
                Requests.param(req, "state"), Requests.intParam(req, "limit")).stream().map(MethodologyView::of)
                .toList()));
    }

    private void getMethodology(ServerRequest req, ServerResponse res) {
        Responses.ok(res, MethodologyView.of(methodologies.get(tenant(req), MethodologyId.parse("id", id(req)))));
    }

    private void approveMethodology(ServerRequest req, ServerResponse res) {
        Responses.ok(res, MethodologyView.of(methodologies.approve(tenant(req), MethodologyId.parse("id", id(req)), Actors.of(req))));
    }

    private void quarantineMethodology(ServerRequest req, ServerResponse res) {
        Responses.ok(res, MethodologyView.of(methodologies.quarantine(tenant(req),
                MethodologyId.parse("id", id(req)), Actors.of(req))));
    }

    private void recordTrade(ServerRequest req, ServerResponse res) {
        LearningJson b = body(req, TRADE_FIELDS);
        TradeService.Recording r = trades.record(new RecordTrade(tenant(req), b.requiredString("asset"),
                b.requiredString("asset_class"), b.requiredString("side"), b.requiredDecimal("size"),
                b.requiredDecimal("entry_price"), b.instant("opened_at"), b.decimal("exit_price"), b.decimal("pnl"),
                b.instant("closed_at"), b.longs("methodology_ids"), b.string("hint_hash"), b.string("decision")));
        created(res, true, "/v1/trades/" + r.trade().id(), recorded(r));
    }

    private static Object recorded(TradeService.Recording r) {
        return LearningViews.recorded(TradeView.of(r.trade()), r.decision().map(CaseView::of),
                r.changes().stream().map(ScoreView::of).toList());
    }

    private void listTrades(ServerRequest req, ServerResponse res) {
        Responses.ok(res, new TradeListView(trades.listTrades(tenant(req), Requests.param(req, "asset"),
                Requests.intParam(req, "limit")).stream().map(TradeView::of).toList()));
    }

    private void getTrade(ServerRequest req, ServerResponse res) {
        Responses.ok(res, TradeView.of(trades.getTrade(tenant(req), TradeId.parse("id", id(req)))));
    }

    private void recordOutcome(ServerRequest req, ServerResponse res) {
        TradeId id = TradeId.parse("id", id(req));
        LearningJson b = body(req, OUTCOME_FIELDS);
        TradeService.OutcomeRecording r = trades.recordOutcome(new RecordOutcome(tenant(req), id,
                b.requiredDecimal("exit_price"), b.decimal("pnl"), b.instant("closed_at")));
        Responses.ok(res, new OutcomeView(TradeView.of(r.trade()), r.cases().stream().map(CaseView::of).toList(),
                r.changes().stream().map(ScoreView::of).toList(), r.replayed()));
    }

    private void recordCase(ServerRequest req, ServerResponse res) {
        LearningJson b = body(req, CASE_FIELDS);
        long tradeId = b.longValue("trade_id").orElseThrow(() -> new InvalidInputException("trade_id", "is required"));
        if (tradeId <= 0) {
            throw new InvalidInputException("trade_id", "must be a positive integer");
        }
        TradeService.Recording r = trades.recordCase(tenant(req), TradeId.of(tradeId), b.longs("methodology_ids"),
                b.string("hint_hash"), b.string("decision"));
        created(res, true, "/v1/cases/" + r.decision().orElseThrow().id(), recorded(r));
    }

    private void listCases(ServerRequest req, ServerResponse res) {
        Responses.ok(res, new CaseListView(trades.listCases(tenant(req), Requests.param(req, "trade_id"),
                Requests.param(req, "methodology_id"), Requests.param(req, "outcome"),
                Requests.intParam(req, "limit")).stream().map(CaseView::of).toList()));
    }

    private void getCase(ServerRequest req, ServerResponse res) {
        Responses.ok(res, CaseView.of(trades.getCase(tenant(req), CaseId.parse("id", id(req)))));
    }

    private void propose(ServerRequest req, ServerResponse res) {
        LearningJson b = body(req, PREFERENCE_FIELDS);
        PreferenceStore.Proposed p = preferences.propose(tenant(req), new ProposePreference(
                b.requiredString("dimension"), b.requiredString("content"), b.string("kind"), b.longValue("evidence"),
                b.string("source")));
        created(res, p.inserted(), "/v1/preferences/" + p.preference().id(), ProposedView.of(p));
    }

    private void mine(ServerRequest req, ServerResponse res) {
        Responses.ok(res, MiningView.of(preferences.mine(tenant(req))));
    }

    private void listPreferences(ServerRequest req, ServerResponse res) {
        Responses.ok(res, new PreferenceListView(preferences.list(tenant(req), Requests.param(req, "state"),
                Requests.param(req, "kind"), Requests.param(req, "dimension"),
                Requests.intParam(req, "limit")).stream().map(PreferenceView::of).toList()));
    }

    private void getPreference(ServerRequest req, ServerResponse res) {
        Responses.ok(res, PreferenceView.of(preferences.get(tenant(req), preferenceId(req))));
    }

    private void learn(ServerRequest req, ServerResponse res) {
        LearningJson b = body(req, LEARNING_FIELDS);
        var r = learnings.learn(tenant(req), b.requiredString("task"), b.requiredString("steps"), b.string("context"));
        created(res, r.inserted(), "/v1/learnings/" + r.learning().id(),
                new LearnedView(LearningView.of(r.learning()), r.inserted()));
    }

    private void listLearnings(ServerRequest req, ServerResponse res) {
        Tenant tenant = tenant(req);
        Optional<String> query = Requests.param(req, "query");
        Optional<Integer> limit = Requests.intParam(req, "limit");
        var found = query.isPresent() ? learnings.search(tenant, query.get(), limit) : learnings.list(tenant, limit);
        Responses.ok(res, new LearningListView(found.stream().map(LearningView::of).toList()));
    }

    private void compiledPage(ServerRequest req, ServerResponse res) {
        boolean include = Requests.param(req, "include_hard_constraints").map(v -> switch (
                v.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidInputException("include_hard_constraints", "must be true or false");
        }).orElse(true);
        String entity = req.path().pathParameters().get("entity");
        Responses.ok(res, CompiledPageView.of(pages.page(tenant(req), entity, include), include));
    }
}
