package dev.strata.adapters.http.graph;

import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.Responses;
import dev.strata.application.graph.EntityService;
import dev.strata.domain.memory.Tenant;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

/**
 * {@code /v1/entities}: the finance entities the tenant's memories link to (spec 01, "Typed memory
 * edges"). An entity nothing links to answers 200 with an empty list rather than 404: an entity is
 * not a stored resource, and "no memory mentions ETH" is an answer.
 */
public final class EntityHttpService implements Resource {

    private final EntityService entities;

    public EntityHttpService(EntityService entities) {
        this.entities = entities;
    }

    @Override
    public String path() {
        return "/v1/entities";
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/top", this::top)
                .get("/{key}/neighborhood", this::neighborhood)
                .get("/{base}/{quote}/neighborhood", this::pairNeighborhood);
    }

    /** {@code ?kind=&limit=}: the most linked entities, most linked memories first. */
    private void top(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        var top = entities.topEntities(tenant, Requests.param(req, "kind"), Requests.intParam(req, "limit"));
        Responses.ok(res, new EntitiesView(top.stream().map(EntityCountView::of).toList()));
    }

    /** {@code ?kind=&limit=}: the active memories linked to the entity, most recently updated first. */
    private void neighborhood(ServerRequest req, ServerResponse res) {
        neighborhood(req, res, req.path().pathParameters().get("key"));
    }

    /**
     * A pair written with a slash ({@code EUR/USD}, {@code BTC/USDT}) arrives as two segments: the
     * server decodes {@code %2F} before routing, so even the encoded spelling ends up here.
     */
    private void pairNeighborhood(ServerRequest req, ServerResponse res) {
        var params = req.path().pathParameters();
        neighborhood(req, res, params.get("base") + "/" + params.get("quote"));
    }

    private void neighborhood(ServerRequest req, ServerResponse res, String key) {
        Tenant tenant = Requests.tenant(req);
        Responses.ok(res, NeighborhoodView.of(entities.neighborhood(tenant, key, Requests.param(req, "kind"),
                Requests.intParam(req, "limit"))));
    }
}
