package dev.strata.adapters.http.session;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.snapshot.ExplanationView;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.Responses;
import dev.strata.adapters.http.support.JsonBody;
import dev.strata.application.session.SessionService;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.role.SkillId;
import dev.strata.domain.session.Session;
import dev.strata.domain.session.SessionId;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import jakarta.json.JsonValue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
        // An empty body or {} starts a session; skills names the active skills (their roles' lessons join the
        // prompt); any other field is refused rather than ignored.
        List<SkillId> skills = Requests.optionalJson(req, settings.maxBodyBytes())
                .map(body -> skills(body.allowOnly(Set.of("skills")))).orElse(List.of());
        Session session = sessions.start(tenant, skills);
        res.header(HeaderNames.LOCATION, "/v1/sessions/" + session.id().value());
        Responses.json(res, Status.CREATED_201, SessionView.of(session));
    }

    /** At most this many active skills per session: a session names the skills it runs, not a catalog. */
    static final int MAX_SKILLS = 64;

    private static List<SkillId> skills(JsonBody body) {
        JsonValue value = body.value("skills").orElse(JsonValue.EMPTY_JSON_ARRAY);
        if (value.getValueType() != JsonValue.ValueType.ARRAY) {
            throw new InvalidInputException("skills", "must be an array of skill ids such as analysis.valuation");
        }
        var array = value.asJsonArray();
        if (array.size() > MAX_SKILLS) {
            throw new InvalidInputException("skills", "must name at most " + MAX_SKILLS + " skills");
        }
        List<SkillId> skills = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            String field = "skills[" + i + "]";
            if (array.get(i).getValueType() != JsonValue.ValueType.STRING) {
                throw new InvalidInputException(field, "must be a skill id string such as analysis.valuation");
            }
            try {
                SkillId skill = SkillId.of(array.getString(i));
                if (!skills.contains(skill)) {
                    skills.add(skill);
                }
            } catch (InvalidInputException e) {
                throw new InvalidInputException(field, e.reason());
            }
        }
        return List.copyOf(skills);
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
