package dev.strata.adapters.http.support;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import io.helidon.common.buffers.DataReader;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/** Reading requests safely: bounded bodies, strict UTF-8, the tenant header and typed query parameters. */
public final class Requests {

    public static final HeaderName TENANT_HEADER = HeaderNames.create("X-Strata-Tenant");

    private Requests() {
    }

    /**
     * The tenant the request acts in. With authentication on, it is the one the authentication filter
     * verified for the key; otherwise the {@code X-Strata-Tenant} header, or the default tenant.
     */
    public static Tenant tenant(ServerRequest req) {
        Optional<AuthenticatedRequest> authenticated = req.context().get(AuthenticatedRequest.class);
        if (authenticated.isPresent()) {
            return authenticated.get().tenant();
        }
        Optional<String> header = req.headers().first(TENANT_HEADER);
        if (header.isEmpty()) {
            return Tenant.DEFAULT;
        }
        try {
            return Tenant.of(header.get().strip());
        } catch (InvalidInputException e) {
            throw new InvalidInputException(TENANT_HEADER.defaultCase(), e.reason());
        }
    }

    /**
     * The request's tenant as {@link #tenant} reads it, or empty when its header is not a valid tenant:
     * for code that must not fail (the output scrubber), where {@link #tenant} would refuse the request.
     */
    static Optional<Tenant> viewer(ServerRequest req) {
        try {
            return Optional.of(tenant(req));
        } catch (InvalidInputException e) {
            return Optional.empty();
        }
    }

    public static JsonBody json(ServerRequest req, long maxBytes) {
        requireJsonMediaType(req);
        return JsonBody.parse(body(req, maxBytes));
    }

    /** A JSON body when there is one; an absent or blank body is empty (for endpoints whose fields are all optional). */
    public static Optional<JsonBody> optionalJson(ServerRequest req, long maxBytes) {
        String text = body(req, maxBytes);
        if (text.isBlank()) {
            return Optional.empty();
        }
        requireJsonMediaType(req);
        return Optional.of(JsonBody.parse(text));
    }

    /** The body as text, for a front end that parses it itself (MCP's JSON-RPC); the same limits as {@link #json}. */
    public static String text(ServerRequest req, long maxBytes) {
        requireJsonMediaType(req);
        return body(req, maxBytes);
    }

    /**
     * Reads the whole body (at most {@code maxBytes}) before the route does, and keeps it in the request
     * context, where the route's own read finds it: for filters that must see the body first (the
     * fingerprint of a keyed write).
     */
    public static byte[] bufferBody(ServerRequest req, long maxBytes) {
        Optional<BufferedBody> kept = req.context().get(BufferedBody.class);
        if (kept.isPresent()) {
            return kept.get().bytes();
        }
        byte[] bytes = bytes(req, maxBytes);
        req.context().register(new BufferedBody(bytes));
        return bytes;
    }

    private record BufferedBody(byte[] bytes) {
    }

    /** The body as text; larger than {@code maxBytes} is a 413 and invalid UTF-8 a 400. */
    private static String body(ServerRequest req, long maxBytes) {
        OptionalLong declared = req.headers().contentLength();
        if (declared.isPresent() && declared.getAsLong() > maxBytes) {
            throw tooLarge(maxBytes);
        }
        byte[] bytes = req.context().get(BufferedBody.class).map(BufferedBody::bytes)
                .orElseGet(() -> bytes(req, maxBytes));
        if (bytes.length > maxBytes) {
            throw tooLarge(maxBytes);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new InvalidInputException("body", "must be valid UTF-8");
        }
    }

    private static byte[] bytes(ServerRequest req, long maxBytes) {
        if (!req.content().hasEntity()) {
            return new byte[0];
        }
        byte[] bytes;
        try (InputStream in = req.content().inputStream()) {
            bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            if (bytes.length > maxBytes) {
                throw tooLarge(maxBytes);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (DataReader.InsufficientDataAvailableException | IllegalArgumentException e) {
            // the connection ended inside the body, or a chunk header was not hex: the client's framing, not ours
            throw new InvalidInputException("body", "ended before the length its framing announced, or its chunks "
                    + "were malformed");
        }
        ConnectionDeadlines.bodyRead();
        return bytes;
    }

    public static Optional<String> param(ServerRequest req, String name) {
        return req.query().first(name).asOptional();
    }

    public static Optional<Integer> intParam(ServerRequest req, String name) {
        Optional<String> raw = param(req, name);
        if (raw.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Integer.parseInt(raw.get().strip()));
        } catch (NumberFormatException e) {
            throw new InvalidInputException(name, "must be an integer");
        }
    }

    /**
     * Bodies are always JSON. Besides JSON media types, a missing type, {@code text/plain} and
     * curl's default {@code application/x-www-form-urlencoded} are read as JSON too, so a plain
     * {@code curl -d '{...}'} works; a type that announces something else is refused.
     */
    private static void requireJsonMediaType(ServerRequest req) {
        Optional<String> type = req.headers().first(HeaderNames.CONTENT_TYPE).map(t -> t.toLowerCase(Locale.ROOT));
        if (type.isPresent() && !type.get().contains("json") && !type.get().startsWith("text/plain")
                && !type.get().startsWith("application/x-www-form-urlencoded")) {
            throw new HttpProblemException(Problem.of("unsupported-media-type", "Unsupported media type",
                    Status.UNSUPPORTED_MEDIA_TYPE_415, "Content-Type must be application/json")
                    .with("field", "Content-Type"));
        }
    }

    public static HttpProblemException tooLarge(long maxBytes) {
        return new HttpProblemException(Problem.of("payload-too-large", "Payload too large",
                Status.REQUEST_ENTITY_TOO_LARGE_413, "the request body must be at most " + maxBytes + " bytes")
                .with("field", "body"));
    }
}
