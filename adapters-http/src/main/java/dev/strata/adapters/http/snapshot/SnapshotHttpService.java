package dev.strata.adapters.http.snapshot;

import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.Responses;
import dev.strata.application.snapshot.SnapshotService;
import dev.strata.domain.memory.EventTime;
import dev.strata.domain.memory.Tenant;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;

/** {@code GET /v1/snapshot}: the fenced {@code <memory-context>} block, as the exact text a prompt would embed. */
public final class SnapshotHttpService implements Resource {

    private final SnapshotService snapshots;

    public SnapshotHttpService(SnapshotService snapshots) {
        this.snapshots = snapshots;
    }

    @Override
    public String path() {
        return "/v1/snapshot";
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::render)
                .get("/budget", this::budget)
                .get("/explain", this::explain);
    }

    /** Why each line of the block is there, and what the budget left out. */
    private void explain(ServerRequest req, ServerResponse res) {
        Responses.ok(res, ExplanationView.of(snapshots.explain(Requests.tenant(req))));
    }

    /** How full the injection budget is: the cap, injectable and injected counts, the 80% warning. */
    private void budget(ServerRequest req, ServerResponse res) {
        Responses.ok(res, BudgetView.of(snapshots.budget(Requests.tenant(req))));
    }

    /** The block now, or with {@code as_of} as the injection policy would have built it then (no profile section). */
    private void render(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        Optional<Instant> asOf = EventTime.parse("as_of", Requests.param(req, "as_of"));
        String block = asOf.map(at -> snapshots.renderAsOf(tenant, at)).orElseGet(() -> snapshots.render(tenant));
        res.header(HeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
        res.send(block.getBytes(StandardCharsets.UTF_8));
    }
}
