package dev.strata.adapters.http;

import dev.strata.application.snapshot.SnapshotService;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.nio.charset.StandardCharsets;

/** {@code GET /v1/snapshot}: the fenced {@code <memory-context>} block, as the exact text a prompt would embed. */
final class SnapshotHttpService implements HttpService {

    private final SnapshotService snapshots;

    SnapshotHttpService(SnapshotService snapshots) {
        this.snapshots = snapshots;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::render)
                .get("/budget", this::budget);
    }

    /** How full the injection budget is: the cap, injectable and injected counts, the 80% warning. */
    private void budget(ServerRequest req, ServerResponse res) {
        var b = snapshots.budget(Requests.tenant(req));
        java.util.Map<String, Object> body = new java.util.LinkedHashMap<>();
        body.put("cap", b.cap());
        body.put("injectable", b.injectable());
        body.put("injected", b.injected());
        body.put("overflow", b.overflow());
        body.put("warning", b.warning());
        body.put("warnings_logged", b.warningsLogged());
        Responses.ok(res, body);
    }

    private void render(ServerRequest req, ServerResponse res) {
        String block = snapshots.render(Requests.tenant(req));
        res.header(HeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
        res.send(block.getBytes(StandardCharsets.UTF_8));
    }
}
