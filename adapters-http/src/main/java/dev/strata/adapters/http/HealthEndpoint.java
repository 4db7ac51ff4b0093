package dev.strata.adapters.http;

import dev.strata.adapters.http.support.AuthenticatedRequest;
import dev.strata.adapters.http.support.Responses;
import io.helidon.health.HealthCheck;
import io.helidon.health.HealthCheckResponse;
import io.helidon.health.HealthCheckType;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * {@code GET /observe/health} (every check), {@code /observe/health/ready} (readiness: storage) and
 * {@code /observe/health/live} (liveness), answered as one JSON shape:
 * <pre>{"status":"UP","checks":[{"name":"storage","status":"UP"},{"name":"model","status":"UP","data":{"circuit":"closed"}}]}</pre>
 * 200 when every check it ran is up, else 503. Health is open (load balancers probe it without a key),
 * so a check's {@code data} — counts over every tenant, such as the embedding backlog — is shown only
 * when authentication is off or the request carries an admin key: no tenant learns the others' volume.
 */
final class HealthEndpoint {

    private final List<HealthCheck> checks;
    private final boolean authRequired;

    HealthEndpoint(List<HealthCheck> checks, boolean authRequired) {
        this.checks = List.copyOf(checks);
        this.authRequired = authRequired;
    }

    void register(HttpRouting.Builder routing) {
        routing.get("/observe/health", (req, res) -> serve(req, res, check -> true))
                .get("/observe/health/ready", (req, res) -> serve(req, res,
                        check -> check.type() == HealthCheckType.READINESS))
                .get("/observe/health/live", (req, res) -> serve(req, res,
                        check -> check.type() == HealthCheckType.LIVENESS));
    }

    private void serve(ServerRequest req, ServerResponse res, Predicate<HealthCheck> which) {
        boolean showData = !authRequired || req.context().get(AuthenticatedRequest.class)
                .map(a -> a.principal().admin()).orElse(false);
        boolean up = true;
        List<Map<String, Object>> results = new ArrayList<>();
        for (HealthCheck check : checks) {
            if (!which.test(check)) {
                continue;
            }
            HealthCheckResponse response = call(check);
            boolean checkUp = response.status() == HealthCheckResponse.Status.UP;
            up &= checkUp;
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("name", check.name());
            result.put("status", checkUp ? "UP" : "DOWN");
            if (showData && !response.details().isEmpty()) {
                result.put("data", new LinkedHashMap<>(response.details()));
            }
            results.add(result);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", up ? "UP" : "DOWN");
        body.put("checks", results);
        Responses.json(res, up ? Status.OK_200 : Status.SERVICE_UNAVAILABLE_503, body);
    }

    /** A check that throws is down: health must answer even when what it probes is broken. */
    private static HealthCheckResponse call(HealthCheck check) {
        try {
            return Objects.requireNonNull(check.call(), "a health check answered null");
        } catch (RuntimeException e) {
            return HealthCheckResponse.builder().status(false).detail("error", String.valueOf(e.getMessage())).build();
        }
    }
}
