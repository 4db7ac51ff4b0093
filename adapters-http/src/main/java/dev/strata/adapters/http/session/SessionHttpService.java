package dev.strata.adapters.http.session;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.snapshot.ExplanationView;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.Responses;
import dev.strata.application.session.SessionService;
import dev.strata.domain.session.Session;
import dev.strata.domain.session.SessionId;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * {@code /v1/sessions}: start a frozen session and read it back. A session's prompt is the same
 * bytes on every read until it expires; what is written meanwhile shows up in the next session.
 */
public final class SessionHttpService implements Resource {

    private final SessionService sessions;
    private final GatewaySettings settings;

    public SessionHttpService(SessionService sessions, GatewaySettings settings) {
        this.sessions = sessions;
        this.settings = settings;
    }

    @Override
    public String path() {
        return "/v1/sessions";
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/", this::start)
                .get("/{id}", this::get)
                .delete("/{id}", this::revoke)
                .get("/{id}/prompt", this::prompt)
                .get("/{id}/explain", this::explain)
                .post("/{id}/turn", this::turn);
    }

    /**
     * One turn's per-turn block under intent gating (the tags the message needs beyond the core); the
     * cached prefix is the session's prompt, unchanged whatever the turn needs.
     */
    private void turn(ServerRequest req, ServerResponse res) {
        var tenant = Requests.tenant(req);
        SessionId id = id(req);
        var body = Requests.json(req, settings.maxBodyBytes()).allowOnly(Set.of("message"));
        Responses.ok(res, TurnView.of(sessions.turn(tenant, id, body.requiredString("message"))));
    }

    /** Why each line of the session's frozen memory-context block is there, as it was at the session's start. */
    private void explain(ServerRequest req, ServerResponse res) {
        Responses.ok(res, ExplanationView.of(sessions.explain(Requests.tenant(req), id(req))));
    }

    private void start(ServerRequest req, ServerResponse res) {
        var tenant = Requests.tenant(req);
        // No options yet: an empty body or {} starts a session, and any field is refused rather than ignored.
        Requests.optionalJson(req, settings.maxBodyBytes()).ifPresent(body -> body.allowOnly(Set.of()));
        Session session = sessions.start(tenant);
        res.header(HeaderNames.LOCATION, "/v1/sessions/" + session.id().value());
        Responses.json(res, Status.CREATED_201, SessionView.of(session));
    }

    private void get(ServerRequest req, ServerResponse res) {
        Responses.ok(res, SessionView.of(sessions.get(Requests.tenant(req), id(req))));
    }

    /** Ends the session now: its prompt is gone (404) from here on. */
    private void revoke(ServerRequest req, ServerResponse res) {
        sessions.revoke(Requests.tenant(req), id(req));
        res.status(Status.NO_CONTENT_204).send();
    }

    private void prompt(ServerRequest req, ServerResponse res) {
        String prompt = sessions.prompt(Requests.tenant(req), id(req));
        res.header(HeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
        res.send(prompt.getBytes(StandardCharsets.UTF_8));
    }

    private static SessionId id(ServerRequest req) {
        return SessionId.parse(req.path().pathParameters().get("id"));
    }
}
