package dev.strata.adapters.http.fact;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.support.Actors;
import dev.strata.adapters.http.support.JsonBody;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.Responses;
import dev.strata.application.fact.GeneralFactService;
import dev.strata.application.provenance.WriteOrigin;
import dev.strata.domain.fact.Fact;
import dev.strata.domain.fact.FactId;
import dev.strata.domain.memory.Tenant;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.Optional;
import java.util.Set;

/**
 * {@code /v1/facts}: the general fact layer. A recorded fact is accepted (202) as pending and
 * consolidated in the background; its status and its consolidation trail are readable here.
 */
public final class FactHttpService implements Resource {

    private final GeneralFactService facts;
    private final GatewaySettings settings;

    public FactHttpService(GeneralFactService facts, GatewaySettings settings) {
        this.facts = facts;
        this.settings = settings;
    }

    @Override
    public String path() {
        return "/v1/facts";
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/", this::record)
                .get("/", this::list)
                .get("/{id}", this::get)
                .get("/{id}/events", this::events);
    }

    private void record(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        JsonBody body = Requests.json(req, settings.maxBodyBytes()).allowOnly(Set.of("content"));
        Fact fact = facts.recordFact(tenant, body.requiredString("content"), Optional.empty(),
                WriteOrigin.person(Actors.of(req)));
        res.header(HeaderNames.LOCATION, "/v1/facts/" + fact.id().value());
        Responses.json(res, Status.ACCEPTED_202, FactView.of(fact));
    }

    private void list(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        var found = facts.list(tenant, Requests.param(req, "status"), Requests.intParam(req, "limit"));
        Responses.ok(res, new FactsView(found.stream().map(FactView::of).toList(), facts.llmConsolidationActive()));
    }

    private void get(ServerRequest req, ServerResponse res) {
        Responses.ok(res, FactView.of(facts.get(Requests.tenant(req), id(req))));
    }

    private void events(ServerRequest req, ServerResponse res) {
        FactId id = id(req);
        var trail = facts.events(Requests.tenant(req), id);
        Responses.ok(res, new EventsView(id.value(), trail.stream().map(EventView::of).toList()));
    }

    private static FactId id(ServerRequest req) {
        return FactId.parse(req.path().pathParameters().get("id"));
    }
}
