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
        rules.get("/", this::render);
    }

    private void render(ServerRequest req, ServerResponse res) {
        String block = snapshots.render(Requests.tenant(req));
        res.header(HeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
        res.send(block.getBytes(StandardCharsets.UTF_8));
    }
}
