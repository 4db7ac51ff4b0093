package dev.strata.adapters.http;

import dev.strata.adapters.http.support.JsonBody;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.Responses;
import dev.strata.domain.memory.Tenant;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The gateway's request and response helpers for resource packages ({@code dev.strata.adapters.http.<area>}):
 * the tenant as authentication resolved it, bounded JSON bodies read field by field, query parameters and
 * JSON answers. A thin public face over the package's own helpers, so every area reads tenants and bodies
 * exactly as the original resources do.
 */
public final class HttpSupport {

    private HttpSupport() {
    }

    /** The tenant the request acts in (the API key's with authentication on, else the header or the default). */
    public static Tenant tenant(ServerRequest req) {
        return Requests.tenant(req);
    }

    /** A JSON object body of at most {@code maxBytes}; anything else is a 400/413/415 problem naming the field. */
    public static Body json(ServerRequest req, long maxBytes) {
        return new Body(Requests.json(req, maxBytes));
    }

    /** The body when there is one; an absent or blank body is empty. */
    public static Optional<Body> optionalJson(ServerRequest req, long maxBytes) {
        return Requests.optionalJson(req, maxBytes).map(Body::new);
    }

    public static Optional<String> param(ServerRequest req, String name) {
        return Requests.param(req, name);
    }

    /** An integer query parameter; a non-integer is a 400 naming it. */
    public static Optional<Integer> intParam(ServerRequest req, String name) {
        return Requests.intParam(req, name);
    }

    public static void ok(ServerResponse res, Object body) {
        Responses.ok(res, body);
    }

    public static void json(ServerResponse res, Status status, Object body) {
        Responses.json(res, status, body);
    }

    /** A parsed JSON object body; every accessor names the offending field in its 400. */
    public static final class Body {

        private final JsonBody body;

        private Body(JsonBody body) {
            this.body = body;
        }

        /** Refuses fields the endpoint does not know. */
        public Body allowOnly(Set<String> known) {
            body.allowOnly(known);
            return this;
        }

        public String requiredString(String name) {
            return body.requiredString(name);
        }

        public Optional<String> optionalString(String name) {
            return body.optionalString(name);
        }

        /** A string field converted, a conversion's refusal re-labelled with this field's name. */
        public <T> Optional<T> optionalString(String name, Function<String, T> convert) {
            return body.optionalString(name, convert);
        }

        public Optional<Integer> optionalInt(String name) {
            return body.optionalInt(name);
        }

        public Optional<JsonValue> value(String name) {
            return body.value(name);
        }

        public JsonObject raw() {
            return body.raw();
        }
    }
}
