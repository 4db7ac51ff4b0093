package dev.strata.adapters.http;

import dev.strata.adapters.http.support.AuthenticatedRequest;
import dev.strata.adapters.http.support.Problem;
import dev.strata.adapters.http.support.Requests;
import dev.strata.application.access.AccessService;
import dev.strata.domain.access.Principal;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Requires an API key on every path when authentication is on, except health: {@code /v1/**},
 * {@code /observe/metrics} and anything unknown. Deny-by-default, so a path spelled oddly enough to
 * slip past a prefix check still needs a key. Health stays open so load balancers and supervisors
 * can probe without a credential; it says only up or down. The key comes as {@code Authorization: Bearer <key>} (or {@code X-Strata-Key}); a
 * missing or bad key is a 401 with {@code WWW-Authenticate: Bearer}. A tenant key acts in its own
 * tenant: an {@code X-Strata-Tenant} header naming another is a 403, never that tenant's data. An
 * admin key may name any tenant. Metrics need an admin key (403 otherwise): they count every tenant's
 * traffic. The result is registered in the request context, where
 * {@link Requests#tenant} reads it.
 */
final class Authentication implements Filter {

    static final HeaderName KEY_HEADER = HeaderNames.create("X-Strata-Key");
    private static final String CHALLENGE = "Bearer realm=\"strata\"";

    private final AccessService access;

    Authentication(AccessService access) {
        this.access = Objects.requireNonNull(access, "access");
    }

    static boolean isProtected(String path) {
        boolean health = path.equals("/observe/health") || path.startsWith("/observe/health/");
        return !health || path.contains("..") || path.contains("//");
    }

    static boolean isMetrics(String path) {
        return path.equals("/observe/metrics") || path.startsWith("/observe/metrics/");
    }

    @Override
    public void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        String path = req.path().absolute().path();
        if (!isProtected(path)) {
            // Health is open; an admin key presented to it still counts (it shows the checks' data).
            presentedKey(req).flatMap(access::authenticate).ifPresent(principal ->
                    req.context().register(new AuthenticatedRequest(principal, principal.tenant())));
            chain.proceed();
            return;
        }
        Optional<String> presented = presentedKey(req);
        if (presented.isEmpty()) {
            unauthorized(res, path, "an API key is required: send 'Authorization: Bearer <key>'", "");
            return;
        }
        Optional<Principal> principal = access.authenticate(presented.get());
        if (principal.isEmpty()) {
            unauthorized(res, path, "the API key is not valid (unknown, revoked or malformed)",
                    ", error=\"invalid_token\"");
            return;
        }
        Tenant tenant;
        try {
            tenant = requestedTenant(req).orElse(principal.get().tenant());
        } catch (InvalidInputException e) {
            Problem.of("invalid-input", "Invalid input", Status.BAD_REQUEST_400, e.getMessage())
                    .with("field", e.field()).send(res, path);
            return;
        }
        if (isMetrics(path) && !principal.get().admin()) {
            // Counters span every tenant (requests, write waits, backlog): a tenant key must not read them.
            Problem.of("forbidden", "Forbidden", Status.FORBIDDEN_403, "metrics need an admin key")
                    .send(res, path);
            return;
        }
        if (!principal.get().mayActIn(tenant)) {
            Problem.of("forbidden", "Forbidden", Status.FORBIDDEN_403,
                            "this API key acts only in its own tenant; " + Requests.TENANT_HEADER.defaultCase()
                                    + " names another")
                    .with("field", Requests.TENANT_HEADER.defaultCase()).send(res, path);
            return;
        }
        req.context().register(new AuthenticatedRequest(principal.get(), tenant));
        chain.proceed();
    }

    private static Optional<String> presentedKey(RoutingRequest req) {
        Optional<String> authorization = req.headers().first(HeaderNames.AUTHORIZATION);
        if (authorization.isPresent()) {
            String value = authorization.get().strip();
            if (value.length() > 7 && value.substring(0, 7).toLowerCase(Locale.ROOT).equals("bearer ")) {
                return Optional.of(value.substring(7).strip());
            }
            // Another scheme (Basic...) is not a Strata key; treat it as a bad one rather than as none.
            return Optional.of(value);
        }
        return req.headers().first(KEY_HEADER).map(String::strip).filter(v -> !v.isEmpty());
    }

    private static Optional<Tenant> requestedTenant(RoutingRequest req) {
        return req.headers().first(Requests.TENANT_HEADER).map(h -> {
            try {
                return Tenant.of(h.strip());
            } catch (InvalidInputException e) {
                throw new InvalidInputException(Requests.TENANT_HEADER.defaultCase(), e.reason());
            }
        });
    }

    private static void unauthorized(RoutingResponse res, String path, String detail, String errorParam) {
        res.header(HeaderNames.WWW_AUTHENTICATE, CHALLENGE + errorParam);
        Problem.of("unauthorized", "Unauthorized", Status.UNAUTHORIZED_401, detail).send(res, path);
    }
}
