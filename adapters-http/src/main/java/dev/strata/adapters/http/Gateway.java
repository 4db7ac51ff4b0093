package dev.strata.adapters.http;

import dev.strata.adapters.http.support.Actors;
import dev.strata.adapters.http.support.ConnectionDeadlines;
import dev.strata.adapters.http.support.HttpProblemException;
import dev.strata.adapters.http.support.Json;
import dev.strata.adapters.http.support.Problem;
import dev.strata.adapters.http.support.RateLimitedLog;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.ScrubbedOutput;
import dev.strata.domain.error.BudgetExceededException;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.StructuredOutputException;
import io.helidon.common.parameters.Parameters;
import io.helidon.health.HealthCheck;
import io.helidon.health.HealthCheckResponse;
import io.helidon.health.HealthCheckType;
import io.helidon.http.DirectHandler;
import io.helidon.http.HeaderNames;
import io.helidon.http.HttpException;
import io.helidon.http.ServerResponseHeaders;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http1.Http1Config;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.observe.ObserveFeature;
import io.helidon.webserver.observe.metrics.MetricsObserver;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * The HTTP gateway: the resources it is given (JSON under {@code /v1}, the agent tools under
 * {@code /v1/tools}), the OpenAPI document, health and metrics under {@code /observe}. Every failure leaves as an RFC 9457 problem with a
 * status chosen by the kind of failure; nothing escapes as an unexplained 500.
 */
public final class Gateway implements AutoCloseable {

    /**
     * Failures a client can cause or repeat (503s while the disk is full, defects hit again and again)
     * log one line each, at most a few per kind per window; stack traces at DEBUG only.
     */
    private static final RateLimitedLog LOG = RateLimitedLog.of(Gateway.class);

    /**
     * How long {@link #close()} lets requests in flight finish before it cuts them off. Helidon's default
     * (half a second) is shorter than a large batch write can take; a request that is cut off never
     * committed (each write is one transaction), but its client would not learn that it had.
     */
    static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(10);

    private final WebServer server;
    private final ConnectionDeadlines deadlines;

    private Gateway(WebServer server, ConnectionDeadlines deadlines) {
        this.server = server;
        this.deadlines = deadlines;
    }

    /**
     * Starts the server with {@code resources} mounted at their paths, behind the output scrubber
     * and (when required) authentication.
     *
     * @throws IllegalArgumentException when two resources claim the same path
     */
    public static Gateway start(GatewaySettings settings, GatewayCore core, List<Resource> resources) {
        Set<String> paths = new HashSet<>();
        for (Resource resource : resources) {
            if (!paths.add(resource.path())) {
                throw new IllegalArgumentException("two resources are mounted at " + resource.path());
            }
        }
        GatewaySettings.Wire wire = settings.wire();
        ConnectionDeadlines deadlines = new ConnectionDeadlines(wire.headerTimeout(), wire.bodyTimeout());
        WebServer server = WebServer.builder()
                .host(settings.host())
                .port(settings.port())
                .maxPayloadSize(settings.maxBatchBodyBytes())
                // A connection waiting for a request line longer than this is closed (a new socket that never
                // speaks, a kept-alive one between requests, one trickling its request line), checked every 100 ms
                // against a clock of one-second resolution. Headers and body: ConnectionDeadlines.
                .idleConnectionTimeout(wire.idleTimeout())
                .idleConnectionPeriod(Duration.ofMillis(100))
                .maxTcpConnections(wire.maxConnections())
                // Only this HTTP/1 configuration (with the deadlines): a second, discovered one would make the server
                // wait for a first byte to choose between them, and a socket that never sends one would never idle out.
                .protocolsDiscoverServices(false)
                .protocols(List.of(Http1Config.builder().addReceiveListener(deadlines).build()))
                .shutdownHook(false)
                .shutdownGracePeriod(SHUTDOWN_GRACE)
                .directHandlers(handlers -> handlers
                        .addHandler(DirectHandler.EventType.BAD_REQUEST, (req, type, status, headers, message) ->
                                direct(req, headers, transportProblem(status, message, settings)))
                        .addHandler(DirectHandler.EventType.PAYLOAD_TOO_LARGE, (req, type, status, headers, message) ->
                                direct(req, headers, Requests.tooLarge(settings.maxBatchBodyBytes()).problem())))
                .addFeature(ObserveFeature.just(MetricsObserver.create()))
                .routing(routing -> routing(routing, settings, core, resources))
                .build()
                .start();
        return new Gateway(server, deadlines);
    }

    private static void routing(HttpRouting.Builder routing, GatewaySettings settings, GatewayCore core,
                                List<Resource> resources) {
        // Recording a keyed write's answer wraps the socket side of the scrubber: it keeps what the scrubber let out.
        routing.addFilter(IdempotentWrites.recording());
        // Scrubbing first, so even a 401 from authentication passes through it.
        routing.addFilter(new ScrubbedOutput(core.scrubber()));
        // A claimed actor holding a vault secret is refused where the write route reads it (Actors.of).
        routing.addFilter((chain, req, res) -> {
            Actors.refuseSecrets(req.context(), core.scrubber());
            chain.proceed();
        });
        routing.addFilter(new StrictRequests(settings.authRequired()));
        if (settings.authRequired()) {
            routing.addFilter(new Authentication(core.access()));
        }
        routing.addFilter(new IdempotentWrites(core.idempotency(), settings));
        resources.forEach(resource -> routing.register(resource.path(), resource));
        List<HealthCheck> checks = new ArrayList<>();
        checks.add(storageCheck(core.storageReady()));
        checks.addAll(core.healthChecks());
        new HealthEndpoint(checks, settings.authRequired()).register(routing);
        routing.get("/openapi", OpenApiDocument.load(resources)::serve)
                .any("/v1/*", (req, res) -> Problem.of("not-found", "Not found", Status.NOT_FOUND_404,
                        "no resource at " + req.prologue().method().text() + " " + instance(req))
                        .send(res, instance(req)))
                .error(InvalidInputException.class, (req, res, e) -> Problem.of("invalid-input", "Invalid input",
                        Status.BAD_REQUEST_400, e.getMessage()).with("field", e.field()).send(res, instance(req)))
                .error(NotFoundException.class, (req, res, e) -> {
                    Problem problem = Problem.of("not-found", "Not found", Status.NOT_FOUND_404, e.getMessage());
                    notFoundField(req, e).map(field -> problem.with("field", field)).orElse(problem)
                            .send(res, instance(req));
                })
                .error(ConflictException.class, (req, res, e) -> Problem.of("conflict", "Conflict",
                        Status.CONFLICT_409, e.getMessage()).with("details", e.details()).send(res, instance(req)))
                .error(BudgetExceededException.class, (req, res, e) -> Problem.of("budget-exceeded",
                        "Budget exceeded", Status.TOO_MANY_REQUESTS_429, e.getMessage()).send(res, instance(req)))
                .error(UnavailableException.class, (req, res, e) -> {
                    LOG.log("unavailable", System.Logger.Level.WARNING, "503 on " + instance(req) + ": "
                            + e.getMessage(), e);
                    // When the thrower can tell when a retry may work (a search that waited for its turn), say so.
                    Problem.hintRetry(res, e);
                    Problem.of("unavailable", "Service unavailable", Status.SERVICE_UNAVAILABLE_503,
                            e.getMessage()).send(res, instance(req));
                })
                .error(StructuredOutputException.class, (req, res, e) -> Problem.of("model-output",
                        "Unusable model output", Status.BAD_GATEWAY_502, e.getMessage()).send(res, instance(req)))
                .error(HttpProblemException.class, (req, res, e) -> e.problem().send(res, instance(req)))
                .error(HttpException.class, (req, res, e) -> httpProblem(req, e).send(res, instance(req)))
                .error(RuntimeException.class, (req, res, e) -> {
                    if (core.storageUnavailable().test(e)) {
                        LOG.log("storage", System.Logger.Level.WARNING, "503 on " + instance(req)
                                + ": storage unavailable: " + rootMessage(e), e);
                        Optional<Duration> retry = core.storageRetryAfter().apply(e);
                        // The same hint, in whole seconds, that a thrown UnavailableException would carry.
                        retry.ifPresent(after -> Problem.hintRetry(res,
                                new UnavailableException("the storage is busy", e, after)));
                        Problem.of("unavailable", "Service unavailable", Status.SERVICE_UNAVAILABLE_503,
                                retry.isPresent() ? "the storage is busy with another write; retry in a moment"
                                        : "the storage cannot serve this request right now (disk full, read-only or "
                                        + "failing); retry later")
                                .send(res, instance(req));
                        return;
                    }
                    LOG.log("internal", System.Logger.Level.ERROR, "500 on " + instance(req) + ": " + e, e);
                    Problem.of("internal", "Internal error", Status.INTERNAL_SERVER_ERROR_500,
                            "an unexpected error occurred; it has been logged").send(res, instance(req));
                });
    }

    /**
     * The server's own refusals (no route outside {@code /v1}, a method it does not serve) keep
     * their 4xx status as a problem; only a 5xx among them is an internal failure.
     */
    private static Problem httpProblem(ServerRequest req, HttpException e) {
        Status status = e.status();
        if (status.code() == Status.NOT_FOUND_404.code()) {
            return Problem.of("not-found", "Not found", status,
                    "no resource at " + req.prologue().method().text() + " " + instance(req));
        }
        if (status.code() >= 400 && status.code() < 500) {
            return Problem.of("bad-request", status.reasonPhrase(), status,
                    e.getMessage() == null || e.getMessage().isBlank() ? status.reasonPhrase() : e.getMessage());
        }
        LOG.log("internal", System.Logger.Level.ERROR, "500 on " + instance(req) + ": " + e, e);
        return Problem.of("internal", "Internal error", Status.INTERNAL_SERVER_ERROR_500,
                "an unexpected error occurred; it has been logged");
    }

    /**
     * Requests the server refuses before routing (a body over the server-wide ceiling, broken
     * framing) get the same problem documents as the routes give, instead of the server's bare text.
     */
    private static Problem transportProblem(Status status, String message, GatewaySettings settings) {
        if (status.code() == Status.REQUEST_ENTITY_TOO_LARGE_413.code()) {
            return Requests.tooLarge(settings.maxBatchBodyBytes()).problem();
        }
        return Problem.of("bad-request", "Bad request", status,
                message == null || message.isBlank() ? "the request is not valid HTTP" : message);
    }

    private static DirectHandler.TransportResponse direct(DirectHandler.TransportRequest req,
                                                          ServerResponseHeaders headers, Problem problem) {
        String path = req.path().contains("?") ? req.path().substring(0, req.path().indexOf('?')) : req.path();
        return DirectHandler.TransportResponse.builder()
                .status(problem.status())
                .headers(headers)
                .header(HeaderNames.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .entity(Json.write(problem.body(path)))
                .build();
    }

    private static HealthCheck storageCheck(BooleanSupplier storageReady) {
        return new HealthCheck() {
            @Override
            public HealthCheckType type() {
                return HealthCheckType.READINESS;
            }

            @Override
            public String name() {
                return "storage";
            }

            @Override
            public HealthCheckResponse call() {
                boolean up;
                try {
                    up = storageReady.getAsBoolean();
                } catch (RuntimeException e) {
                    up = false;
                }
                return HealthCheckResponse.builder().status(up).build();
            }
        };
    }

    /** The path parameter ({@code id}, {@code key}) that named the missing thing, so a 404 names its field too. */
    private static Optional<String> notFoundField(ServerRequest req, NotFoundException e) {
        Parameters params = req.path().pathParameters();
        return params.names().stream()
                .filter(name -> params.first(name).asOptional().map(v -> v.equals(e.id())).orElse(false))
                .findFirst();
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return String.valueOf(root.getMessage());
    }

    private static String instance(ServerRequest req) {
        return req.path().absolute().path();
    }

    public int port() {
        return server.port();
    }

    public boolean isRunning() {
        return server.isRunning();
    }

    @Override
    public void close() {
        server.stop();
        deadlines.close();
    }
}
