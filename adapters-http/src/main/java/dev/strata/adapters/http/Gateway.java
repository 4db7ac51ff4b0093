package dev.strata.adapters.http;

import dev.strata.domain.error.BudgetExceededException;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.DomainException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.model.StructuredOutputException;
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
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.observe.ObserveFeature;
import io.helidon.webserver.observe.health.HealthObserver;
import io.helidon.webserver.observe.metrics.MetricsObserver;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The HTTP gateway: JSON resources under {@code /v1}, agent tools under {@code /v1/tools},
 * health and metrics under {@code /observe}. Every failure leaves as an RFC 9457 problem with a
 * status chosen by the kind of failure; nothing escapes as an unexplained 500.
 */
public final class Gateway implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Gateway.class.getName());

    /**
     * How long {@link #close()} lets requests in flight finish before it cuts them off. Helidon's default
     * (half a second) is shorter than a large batch write can take; a request that is cut off never
     * committed (each write is one transaction), but its client would not learn that it had.
     */
    static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(10);

    private final WebServer server;

    private Gateway(WebServer server) {
        this.server = server;
    }

    public static Gateway start(GatewaySettings settings, GatewayServices services) {
        return start(settings, services, List.of());
    }

    /**
     * With more checks beside storage (the embedding backlog), each named with its data in the health JSON
     * ({@code GET /observe/health}: {@code {"status":"UP","checks":[{"name":"storage",...},...]}}).
     */
    public static Gateway start(GatewaySettings settings, GatewayServices services, List<HealthCheck> moreChecks) {
        WebServer server = WebServer.builder()
                .host(settings.host())
                .port(settings.port())
                .maxPayloadSize(settings.maxBatchBodyBytes())
                .shutdownHook(false)
                .shutdownGracePeriod(SHUTDOWN_GRACE)
                .directHandlers(handlers -> handlers
                        .addHandler(DirectHandler.EventType.BAD_REQUEST, (req, type, status, headers, message) ->
                                direct(req, headers, transportProblem(status, message, settings)))
                        .addHandler(DirectHandler.EventType.PAYLOAD_TOO_LARGE, (req, type, status, headers, message) ->
                                direct(req, headers, Requests.tooLarge(settings.maxBatchBodyBytes()).problem())))
                .addFeature(ObserveFeature.just(
                        HealthObserver.builder().useSystemServices(false).details(true)
                                .addCheck(storageCheck(services)).addChecks(moreChecks.toArray(HealthCheck[]::new))
                                .build(),
                        MetricsObserver.create()))
                .routing(routing -> routing(routing, settings, services))
                .build()
                .start();
        return new Gateway(server);
    }

    static void routing(HttpRouting.Builder routing, GatewaySettings settings, GatewayServices services) {
        // Scrubbing first, so even a 401 from authentication passes through it.
        routing.addFilter(new ScrubbedOutput(services.vault().scrubber()));
        if (settings.authRequired()) {
            routing.addFilter(new Authentication(services.access()));
        }
        services(settings, services).forEach(routing::register);
        routing.get("/openapi", OpenApiDocument.load()::serve)
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
                    LOG.log(System.Logger.Level.WARNING, "unavailable: " + e.getMessage(), e);
                    Problem.of("unavailable", "Service unavailable", Status.SERVICE_UNAVAILABLE_503,
                            e.getMessage()).send(res, instance(req));
                })
                .error(StructuredOutputException.class, (req, res, e) -> Problem.of("model-output",
                        "Unusable model output", Status.BAD_GATEWAY_502, e.getMessage()).send(res, instance(req)))
                .error(HttpProblemException.class, (req, res, e) -> e.problem().send(res, instance(req)))
                .error(HttpException.class, (req, res, e) -> httpProblem(req, e).send(res, instance(req)))
                .error(RuntimeException.class, (req, res, e) -> {
                    if (services.storageUnavailable().test(e)) {
                        LOG.log(System.Logger.Level.WARNING, "storage unavailable on " + instance(req), e);
                        Problem.of("unavailable", "Service unavailable", Status.SERVICE_UNAVAILABLE_503,
                                "the storage cannot serve this request right now (disk full, read-only or "
                                        + "failing); retry later")
                                .send(res, instance(req));
                        return;
                    }
                    LOG.log(System.Logger.Level.ERROR, "unexpected failure on " + instance(req), e);
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
        LOG.log(System.Logger.Level.ERROR, "unexpected failure on " + instance(req), e);
        return Problem.of("internal", "Internal error", Status.INTERNAL_SERVER_ERROR_500,
                "an unexpected error occurred; it has been logged");
    }

    /**
     * Every resource by its path prefix. The OpenAPI test walks this same map, so a service
     * registered here with an undocumented route fails the build.
     */
    static Map<String, HttpService> services(GatewaySettings settings, GatewayServices services) {
        SecretSafeSnippets snippets = new SecretSafeSnippets(services.vault().scrubber());
        Map<String, HttpService> byPrefix = new LinkedHashMap<>();
        byPrefix.put("/v1/memory", new MemoryHttpService(services.memories(), settings, snippets));
        byPrefix.put("/v1/profile", new ProfileHttpService(services.profile(), settings));
        byPrefix.put("/v1/snapshot", new SnapshotHttpService(services.snapshots()));
        byPrefix.put("/v1/sessions", new SessionHttpService(services.sessions(), settings));
        byPrefix.put("/v1/tools", new ToolsHttpService(services.memories(), services.facts(), services.vault(),
                settings, snippets));
        byPrefix.put("/v1/vault", new VaultHttpService(services.vault(), settings));
        byPrefix.put("/v1/facts", new FactsHttpService(services.facts(), settings));
        byPrefix.put("/v1/model", new ModelHttpService(services.spend()));
        byPrefix.put("/v1/entities", new EntityHttpService(services.entities()));
        return byPrefix;
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

    /** The HTTP status each kind of domain failure maps to (also used by the tools' envelope). */
    static Status statusOf(DomainException e) {
        return switch (e) {
            case InvalidInputException x -> Status.BAD_REQUEST_400;
            case NotFoundException x -> Status.NOT_FOUND_404;
            case ConflictException x -> Status.CONFLICT_409;
            case BudgetExceededException x -> Status.TOO_MANY_REQUESTS_429;
            case UnavailableException x -> Status.SERVICE_UNAVAILABLE_503;
            case StructuredOutputException x -> Status.BAD_GATEWAY_502;
            default -> Status.INTERNAL_SERVER_ERROR_500;
        };
    }

    private static HealthCheck storageCheck(GatewayServices services) {
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
                    up = services.storageReady().getAsBoolean();
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
    }
}
