package dev.strata.adapters.http.learning;

import dev.strata.adapters.http.AreaRequests;
import dev.strata.adapters.http.learning.LearningViews.CaseListView;
import dev.strata.adapters.http.learning.LearningViews.CaseView;
import dev.strata.adapters.http.learning.LearningViews.CompiledPageView;
import dev.strata.adapters.http.learning.LearningViews.CreatedMethodologyView;
import dev.strata.adapters.http.learning.LearningViews.LearnedView;
import dev.strata.adapters.http.learning.LearningViews.LearningListView;
import dev.strata.adapters.http.learning.LearningViews.LearningView;
import dev.strata.adapters.http.learning.LearningViews.MethodologyListView;
import dev.strata.adapters.http.learning.LearningViews.MethodologyView;
import dev.strata.adapters.http.learning.LearningViews.MiningView;
import dev.strata.adapters.http.learning.LearningViews.OutcomeView;
import dev.strata.adapters.http.learning.LearningViews.PreferenceListView;
import dev.strata.adapters.http.learning.LearningViews.PreferenceView;
import dev.strata.adapters.http.learning.LearningViews.ProposedView;
import dev.strata.adapters.http.learning.LearningViews.ScoreView;
import dev.strata.adapters.http.learning.LearningViews.SynthesisView;
import dev.strata.adapters.http.learning.LearningViews.TradeListView;
import dev.strata.adapters.http.learning.LearningViews.TradeRecordedView;
import dev.strata.adapters.http.learning.LearningViews.TradeView;
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
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The learning loop's REST resources, registered under {@code /v1} (before the gateway's
 * {@code /v1/*} catch-all). Only translation happens here: every rule lives in the services.
 * <pre>
 * POST /methodologies                  create (201; 200 with created=false on a dedup match)
 * POST /methodologies/seed             {"methodologies":[{asset_class,title,body}]}, all or none
 * GET  /methodologies                  ?asset_class=&amp;state=quarantined|graduated&amp;limit=
 * GET  /methodologies/{id}
 * POST /methodologies/{id}/approve     409 naming the missed bar
 * POST /methodologies/{id}/quarantine
 * POST /methodologies/synthesize       the synthesis job on demand
 * POST /trades                         optionally closed, optionally with methodology_ids + hint_hash
 * GET  /trades                         ?asset=&amp;limit=
 * GET  /trades/{id}
 * POST /trades/{id}/outcome            {exit_price, pnl?, closed_at?}; replay-safe, corrections move counts once
 * POST /cases                          {trade_id, methodology_ids, hint_hash, decision?}
 * GET  /cases                          ?trade_id=&amp;methodology_id=&amp;outcome=&amp;limit=
 * GET  /cases/{id}
 * POST /preferences                    a proposal (never a state); 200 with created=false on a restatement
 * GET  /preferences                    ?state=&amp;kind=&amp;dimension=&amp;limit=
 * GET  /preferences/{id}
 * POST /preferences/{id}/approve|reject|deactivate
 * POST /preferences/mine               mining on demand
 * POST /learnings                      memory_learn
 * GET  /learnings                      ?query=&amp;limit= (a query searches)
 * GET  /learnings/{id}
 * GET  /compiled/{entity}              ?include_hard_constraints=true|false
 * </pre>
 */
public final class LearningHttpService implements HttpService {

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
    private final long maxBodyBytes;

    public LearningHttpService(MethodologyService methodologies, TradeService trades, PreferenceService preferences,
                               LearningsService learnings, CompiledPageService pages, SynthesisService synthesis,
                               long maxBodyBytes) {
        this.methodologies = Objects.requireNonNull(methodologies, "methodologies");
        this.trades = Objects.requireNonNull(trades, "trades");
        this.preferences = Objects.requireNonNull(preferences, "preferences");
        this.learnings = Objects.requireNonNull(learnings, "learnings");
        this.pages = Objects.requireNonNull(pages, "pages");
        this.synthesis = Objects.requireNonNull(synthesis, "synthesis");
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/methodologies", this::createMethodology)
                .post("/methodologies/seed", this::seed)
                .post("/methodologies/synthesize", this::synthesize)
                .get("/methodologies", this::listMethodologies)
                .get("/methodologies/{id}", this::getMethodology)
                .post("/methodologies/{id}/approve", this::approveMethodology)
                .post("/methodologies/{id}/quarantine", this::quarantineMethodology)
                .post("/trades", this::recordTrade)
                .get("/trades", this::listTrades)
                .get("/trades/{id}", this::getTrade)
                .post("/trades/{id}/outcome", this::recordOutcome)
                .post("/cases", this::recordCase)
                .get("/cases", this::listCases)
                .get("/cases/{id}", this::getCase)
                .post("/preferences", this::propose)
                .post("/preferences/mine", this::mine)
                .get("/preferences", this::listPreferences)
                .get("/preferences/{id}", this::getPreference)
                .post("/preferences/{id}/approve", (req, res) -> AreaRequests.ok(res, PreferenceView.of(
                        preferences.approve(tenant(req), preferenceId(req)))))
                .post("/preferences/{id}/reject", (req, res) -> AreaRequests.ok(res, PreferenceView.of(
                        preferences.reject(tenant(req), preferenceId(req)))))
                .post("/preferences/{id}/deactivate", (req, res) -> AreaRequests.ok(res, PreferenceView.of(
                        preferences.deactivate(tenant(req), preferenceId(req)))))
                .post("/learnings", this::learn)
                .get("/learnings", this::listLearnings)
                .get("/learnings/{id}", (req, res) -> AreaRequests.ok(res, LearningView.of(
                        learnings.get(tenant(req), LearningId.parse("id", id(req))))))
                .get("/compiled/{entity}", this::compiledPage);
    }

    private static Tenant tenant(ServerRequest req) {
        return AreaRequests.tenant(req);
    }

    private static String id(ServerRequest req) {
        return req.path().pathParameters().get("id");
    }

    private static PreferenceId preferenceId(ServerRequest req) {
        return PreferenceId.parse("id", id(req));
    }

    private LearningJson body(ServerRequest req, Set<String> fields) {
        return new LearningJson(AreaRequests.body(req, maxBodyBytes, fields));
    }

    private static void created(ServerResponse res, boolean created, String location, Object view) {
        if (created) {
            res.header(HeaderNames.LOCATION, location);
        }
        AreaRequests.json(res, created ? Status.CREATED_201 : Status.OK_200, view);
    }

    private void createMethodology(ServerRequest req, ServerResponse res) {
        LearningJson b = body(req, METHODOLOGY_FIELDS);
        MethodologyStore.Created c = methodologies.create(tenant(req), new MethodologyDraft(
                b.requiredString("asset_class"), b.requiredString("title"), b.requiredString("body"),
                b.string("provenance")));
        created(res, c.inserted(), "/v1/methodologies/" + c.methodology().id(),
                new CreatedMethodologyView(MethodologyView.of(c.methodology()), c.inserted()));
    }

    private void seed(ServerRequest req, ServerResponse res) {
        LearningJson b = body(req, Set.of("methodologies"));
        List<MethodologyDraft> drafts = b.objects("methodologies").stream()
                .map(item -> item.allowOnly(SEED_ITEM_FIELDS))
                .map(item -> new MethodologyDraft(item.requiredString("asset_class"), item.requiredString("title"),
                        item.requiredString("body")))
                .toList();
        List<MethodologyStore.Created> seeded = methodologies.seed(tenant(req), drafts);
        AreaRequests.json(res, Status.CREATED_201, new SeedView(seeded.stream()
                .map(c -> new CreatedMethodologyView(MethodologyView.of(c.methodology()), c.inserted())).toList()));
    }

    /** The seed response: one entry per seed, in order, saying whether it made a row or matched one. */
    public record SeedView(List<CreatedMethodologyView> methodologies) {
    }

    private void synthesize(ServerRequest req, ServerResponse res) {
        AreaRequests.ok(res, SynthesisView.of(synthesis.synthesize(tenant(req))));
    }

    private void listMethodologies(ServerRequest req, ServerResponse res) {
        AreaRequests.ok(res, new MethodologyListView(methodologies.list(tenant(req),
                AreaRequests.param(req, "asset_class"), AreaRequests.param(req, "state"),
                AreaRequests.intParam(req, "limit")).stream().map(MethodologyView::of).toList()));
    }

    private void getMethodology(ServerRequest req, ServerResponse res) {
        AreaRequests.ok(res, MethodologyView.of(methodologies.get(tenant(req), MethodologyId.parse("id", id(req)))));
    }

    private void approveMethodology(ServerRequest req, ServerResponse res) {
        AreaRequests.ok(res, MethodologyView.of(methodologies.approve(tenant(req), MethodologyId.parse("id", id(req)))));
    }

    private void quarantineMethodology(ServerRequest req, ServerResponse res) {
        AreaRequests.ok(res, MethodologyView.of(methodologies.quarantine(tenant(req),
                MethodologyId.parse("id", id(req)))));
    }

    private void recordTrade(ServerRequest req, ServerResponse res) {
        LearningJson b = body(req, TRADE_FIELDS);
        TradeService.Recording r = trades.record(new RecordTrade(tenant(req), b.requiredString("asset"),
                b.requiredString("asset_class"), b.requiredString("side"), b.requiredDecimal("size"),
                b.requiredDecimal("entry_price"), b.instant("opened_at"), b.decimal("exit_price"), b.decimal("pnl"),
                b.instant("closed_at"), b.longs("methodology_ids"), b.string("hint_hash"), b.string("decision")));
        created(res, true, "/v1/trades/" + r.trade().id(), new TradeRecordedView(TradeView.of(r.trade()),
                r.decision().map(CaseView::of).orElse(null), r.changes().stream().map(ScoreView::of).toList()));
    }

    private void listTrades(ServerRequest req, ServerResponse res) {
        AreaRequests.ok(res, new TradeListView(trades.listTrades(tenant(req), AreaRequests.param(req, "asset"),
                AreaRequests.intParam(req, "limit")).stream().map(TradeView::of).toList()));
    }

    private void getTrade(ServerRequest req, ServerResponse res) {
        AreaRequests.ok(res, TradeView.of(trades.getTrade(tenant(req), TradeId.parse("id", id(req)))));
    }

    private void recordOutcome(ServerRequest req, ServerResponse res) {
        TradeId id = TradeId.parse("id", id(req));
        LearningJson b = body(req, OUTCOME_FIELDS);
        TradeService.OutcomeRecording r = trades.recordOutcome(new RecordOutcome(tenant(req), id,
                b.requiredDecimal("exit_price"), b.decimal("pnl"), b.instant("closed_at")));
        AreaRequests.ok(res, new OutcomeView(TradeView.of(r.trade()), r.cases().stream().map(CaseView::of).toList(),
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
        CaseView c = CaseView.of(r.decision().orElseThrow());
        created(res, true, "/v1/cases/" + c.id(), new TradeRecordedView(TradeView.of(r.trade()), c,
                r.changes().stream().map(ScoreView::of).toList()));
    }

    private void listCases(ServerRequest req, ServerResponse res) {
        AreaRequests.ok(res, new CaseListView(trades.listCases(tenant(req), AreaRequests.param(req, "trade_id"),
                AreaRequests.param(req, "methodology_id"), AreaRequests.param(req, "outcome"),
                AreaRequests.intParam(req, "limit")).stream().map(CaseView::of).toList()));
    }

    private void getCase(ServerRequest req, ServerResponse res) {
        AreaRequests.ok(res, CaseView.of(trades.getCase(tenant(req), CaseId.parse("id", id(req)))));
    }

    private void propose(ServerRequest req, ServerResponse res) {
        LearningJson b = body(req, PREFERENCE_FIELDS);
        PreferenceStore.Proposed p = preferences.propose(tenant(req), new ProposePreference(
                b.requiredString("dimension"), b.requiredString("content"), b.string("kind"), b.longValue("evidence"),
                b.string("source")));
        created(res, p.inserted(), "/v1/preferences/" + p.preference().id(),
                new ProposedView(PreferenceView.of(p.preference()), p.inserted()));
    }

    private void mine(ServerRequest req, ServerResponse res) {
        AreaRequests.ok(res, MiningView.of(preferences.mine(tenant(req))));
    }

    private void listPreferences(ServerRequest req, ServerResponse res) {
        AreaRequests.ok(res, new PreferenceListView(preferences.list(tenant(req), AreaRequests.param(req, "state"),
                AreaRequests.param(req, "kind"), AreaRequests.param(req, "dimension"),
                AreaRequests.intParam(req, "limit")).stream().map(PreferenceView::of).toList()));
    }

    private void getPreference(ServerRequest req, ServerResponse res) {
        AreaRequests.ok(res, PreferenceView.of(preferences.get(tenant(req), preferenceId(req))));
    }

    private void learn(ServerRequest req, ServerResponse res) {
        LearningJson b = body(req, LEARNING_FIELDS);
        var r = learnings.learn(tenant(req), b.requiredString("task"), b.requiredString("steps"), b.string("context"));
        created(res, r.inserted(), "/v1/learnings/" + r.learning().id(),
                new LearnedView(LearningView.of(r.learning()), r.inserted()));
    }

    private void listLearnings(ServerRequest req, ServerResponse res) {
        Tenant tenant = tenant(req);
        Optional<String> query = AreaRequests.param(req, "query");
        Optional<Integer> limit = AreaRequests.intParam(req, "limit");
        var found = query.isPresent() ? learnings.search(tenant, query.get(), limit) : learnings.list(tenant, limit);
        AreaRequests.ok(res, new LearningListView(found.stream().map(LearningView::of).toList()));
    }

    private void compiledPage(ServerRequest req, ServerResponse res) {
        boolean include = AreaRequests.param(req, "include_hard_constraints").map(v -> switch (
                v.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidInputException("include_hard_constraints", "must be true or false");
        }).orElse(true);
        String entity = req.path().pathParameters().get("entity");
        AreaRequests.ok(res, CompiledPageView.of(pages.page(tenant(req), entity, include), include));
    }
}
