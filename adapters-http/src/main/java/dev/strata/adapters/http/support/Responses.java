package dev.strata.adapters.http.support;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerResponse;

/** Writing JSON responses. */
public final class Responses {

    public static final String JSON = "application/json";

    private Responses() {
    }

    public static void json(ServerResponse res, Status status, Object body) {
        res.status(status);
        res.header(HeaderNames.CONTENT_TYPE, JSON);
        res.send(Json.write(body));
    }

    public static void ok(ServerResponse res, Object body) {
        json(res, Status.OK_200, body);
    }
}
