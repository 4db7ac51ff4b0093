package dev.strata.adapters.http;

import dev.strata.adapters.http.support.Problem;
import dev.strata.adapters.http.support.Requests;
import dev.strata.application.idempotency.IdempotencyService;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.idempotency.IdempotencyKey;
import dev.strata.domain.idempotency.StoredAnswer;
import dev.strata.domain.memory.Tenant;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.http.Status;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;

import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code Idempotency-Key} header on every write under {@code /v1} (POST, PUT, PATCH, DELETE; the
 * agent tools included) and on MCP calls ({@code POST /mcp} within a session): the first answer to a keyed request is kept for 24 hours and a retry of the
 * same request gets it again, marked {@code Idempotent-Replayed: true}, without writing anything. The
 * rules (what is kept, reuse with another request, a retry while the first is served, after a crash)
 * are the application's {@link IdempotencyService}; this filter only turns a request into a fingerprint
 * (method, path with its query, media type and body bytes) and an answer into a {@link StoredAnswer}.
 * On reads the header is ignored: a read writes nothing and can always be repeated.
 *
 * <p>Two filters: {@link #recording()} goes first on the routing, before the output scrubber, so the
 * answer it records is what the scrubber let through (a kept answer never holds a secret in clear);
 * the keyed filter itself runs after authentication, which decides the tenant the key belongs to.
 */
final class IdempotentWrites implements Filter {

    static final HeaderName KEY_HEADER = HeaderNames.create(IdempotencyKey.FIELD);
    static final HeaderName REPLAYED_HEADER = HeaderNames.create("Idempotent-Replayed");
    private static final HeaderName MCP_SESSION = HeaderNames.create("Mcp-Session-Id");
    private static final Set<Method> WRITES = Set.of(Method.POST, Method.PUT, Method.PATCH, Method.DELETE);

    private final IdempotencyService idempotency;
    private final GatewaySettings settings;

    IdempotentWrites(IdempotencyService idempotency, GatewaySettings settings) {
        this.idempotency = Objects.requireNonNull(idempotency, "idempotency");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** The filter that records a keyed write's answer as it leaves (registered first). */
    static Filter recording() {
        return (chain, req, res) -> {
            if (isKeyedWrite(req)) {
                Recorder recorder = new Recorder();
                req.context().register(recorder);
                res.streamFilter(recorder::wrap);
            }
            chain.proceed();
        };
    }

    /**
     * A write under {@code /v1}, or an MCP call within a session ({@code POST /mcp} with {@code Mcp-Session-Id}:
     * {@code tools/call} writes through the same registry; {@code initialize}, which opens the session and
     * answers its id in a header, is not keyed).
     */
    private static boolean isKeyedWrite(RoutingRequest req) {
        if (!req.headers().contains(KEY_HEADER)) {
            return false;
        }
        String path = req.path().absolute().path();
        Method method = req.prologue().method();
        return (WRITES.contains(method) && path.startsWith("/v1/"))
                || (method == Method.POST && (path.equals("/mcp") || path.equals("/mcp/"))
                && req.headers().contains(MCP_SESSION));
    }

    @Override
    public void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        Optional<Recorder> recorder = req.context().get(Recorder.class);
        if (!isKeyedWrite(req) || recorder.isEmpty()) {
            chain.proceed();
            return;
        }
        String path = req.path().absolute().path();
        IdempotencyKey key;
        Tenant tenant;
        byte[] body;
        try {
            key = key(req.headers().all(KEY_HEADER, List::of));
            tenant = Requests.tenant(req);
            body = Requests.bufferBody(req, settings.maxBatchBodyBytes());
        } catch (InvalidInputException e) {
            Problem.of("invalid-input", "Invalid input", Status.BAD_REQUEST_400, e.getMessage())
                    .with("field", e.field()).send(res, path);
            return;
        }
        IdempotencyService.Outcome outcome = idempotency.execute(tenant, key, fingerprint(req, body), () -> {
            chain.proceed();
            return recorder.get().answer(res);
        });
        if (outcome.replayed()) {
            replay(res, outcome.answer());
        }
    }

    private static IdempotencyKey key(List<String> values) {
        if (values.size() != 1) {
            throw new InvalidInputException(IdempotencyKey.FIELD, "must be sent once (got " + values.size() + ")");
        }
        return new IdempotencyKey(values.getFirst());
    }

    /** What makes two requests the same request: method, path and query as sent, media type and body bytes. */
    private static String fingerprint(RoutingRequest req, byte[] body) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            String head = req.prologue().method().text() + " " + req.path().absolute().rawPath() + "?"
                    + req.query().rawValue() + "\n"
                    + req.headers().first(HeaderNames.CONTENT_TYPE).orElse("") + "\n";
            sha.update(head.getBytes(StandardCharsets.UTF_8));
            sha.update(body);
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static void replay(RoutingResponse res, StoredAnswer answer) {
        res.status(Status.create(answer.status()));
        res.header(HeaderNames.CONTENT_TYPE, answer.contentType());
        answer.location().ifPresent(location -> res.header(HeaderNames.LOCATION, location));
        res.header(REPLAYED_HEADER, "true");
        if (answer.body().isEmpty()) {
            res.send();
        } else {
            res.send(answer.body().getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Tees what a response sends into memory, so the first answer to a keyed write can be kept. */
    private static final class Recorder {

        private final ByteArrayOutputStream sent = new ByteArrayOutputStream();

        OutputStream wrap(OutputStream out) {
            return new FilterOutputStream(out) {
                @Override
                public void write(int b) throws IOException {
                    sent.write(b);
                    out.write(b);
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    sent.write(b, off, len);
                    out.write(b, off, len);
                }
            };
        }

        /** The answer as it left; a route that sent nothing counts as an internal failure (not kept). */
        StoredAnswer answer(RoutingResponse res) {
            if (!res.isSent()) {
                return new StoredAnswer(500, "application/problem+json", Optional.empty(), "");
            }
            String type = res.headers().first(HeaderNames.CONTENT_TYPE).orElse("application/octet-stream");
            Optional<String> location = res.headers().first(HeaderNames.LOCATION);
            return new StoredAnswer(res.status().code(), type, location, sent.toString(StandardCharsets.UTF_8));
        }
    }
}
