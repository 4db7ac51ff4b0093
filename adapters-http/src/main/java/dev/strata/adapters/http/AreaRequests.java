package dev.strata.adapters.http;

import dev.strata.domain.memory.Tenant;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import jakarta.json.JsonObject;

import java.util.Optional;
import java.util.Set;

/**
 * The gateway's request and response rules, for resource packages of areas
 * ({@code dev.strata.adapters.http.<area>}): the authenticated tenant, bounded strict JSON bodies
 * that refuse unknown fields, typed query parameters and JSON responses. Delegates to the same
 * helpers the gateway's own resources use, so an area resource cannot read a tenant or a body
 * any other way.
 */
public final class AreaRequests {

    private AreaRequests() {
    }

    /** The tenant the request acts in (the authenticated key's when authentication is on). */
    public static Tenant tenant(ServerRequest req) {
        return Requests.tenant(req);
    }

    /** The JSON object body (bounded, strict UTF-8, no duplicate keys), refusing fields outside {@code allowed}. */
    public static JsonObject body(ServerRequest req, long maxBytes, Set<String> allowed) {
        return Requests.json(req, maxBytes).allowOnly(allowed).raw();
    }

    /** {@link #body}, or empty when the request has no body. */
    public static Optional<JsonObject> optionalBody(ServerRequest req, long maxBytes, Set<String> allowed) {
        return Requests.optionalJson(req, maxBytes).map(b -> b.allowOnly(allowed).raw());
    }

    public static Optional<String> param(ServerRequest req, String name) {
        return Requests.param(req, name);
    }

    public static Optional<Integer> intParam(ServerRequest req, String name) {
        return Requests.intParam(req, name);
    }

    /** Serialises {@code body} with the gateway's JSON-B instance. */
    public static void json(ServerResponse res, Status status, Object body) {
        Responses.json(res, status, body);
    }

    public static void ok(ServerResponse res, Object body) {
        Responses.ok(res, body);
    }
}
