package dev.strata.adapters.http;

import dev.strata.application.fact.GeneralFactService;
import dev.strata.domain.fact.Fact;
import dev.strata.domain.fact.FactId;
import dev.strata.domain.memory.Tenant;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code /v1/facts}: the general fact layer. A recorded fact is accepted (202) as pending and
 * consolidated in the background; its status and its consolidation trail are readable here.
 */
final class FactsHttpService implements HttpService {

    private final GeneralFactService facts;
    private final GatewaySettings settings;

    FactsHttpService(GeneralFactService facts, GatewaySettings settings) {
        this.facts = facts;
        this.settings = settings;
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
        Fact fact = facts.recordFact(tenant, body.requiredString("content"));
        res.header(HeaderNames.LOCATION, "/v1/facts/" + fact.id().value());
        Responses.json(res, Status.ACCEPTED_202, Views.fact(fact));
    }

    private void list(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        var found = facts.list(tenant, Requests.param(req, "status"), Requests.intParam(req, "limit"));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("facts", found.stream().map(Views::fact).toList());
        body.put("llm_consolidation", facts.llmConsolidationActive());
        Responses.ok(res, body);
    }

    private void get(ServerRequest req, ServerResponse res) {
        Responses.ok(res, Views.fact(facts.get(Requests.tenant(req), id(req))));
    }

    private void events(ServerRequest req, ServerResponse res) {
        FactId id = id(req);
        var trail = facts.events(Requests.tenant(req), id);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("fact_id", id.value());
        body.put("events", trail.stream().map(Views::event).toList());
        Responses.ok(res, body);
    }

    private static FactId id(ServerRequest req) {
        return FactId.parse(req.path().pathParameters().get("id"));
    }
}
