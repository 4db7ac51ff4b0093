package dev.strata.adapters.http.support;

import dev.strata.domain.error.BudgetExceededException;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.DomainException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.StructuredOutputException;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerResponse;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An RFC 9457 problem document. {@code type} is a stable URN per kind of failure, so clients can
 * branch on it; {@code field} names the input to fix when there is one.
 */
public record Problem(String type, String title, Status status, String detail, Map<String, Object> extensions) {

    public static final String MEDIA_TYPE = "application/problem+json";
    /** RFC 9110's header for when a retry may work. */
    public static final HeaderName RETRY_AFTER = HeaderNames.create("Retry-After");

    /** Adds {@code Retry-After} to a 503 whose cause can tell when a retry may work (a search that waited its turn). */
    public static void hintRetry(ServerResponse res, UnavailableException e) {
        e.retryAfterSeconds().ifPresent(seconds -> res.header(RETRY_AFTER, String.valueOf(seconds)));
    }

    public static Problem of(String slug, String title, Status status, String detail) {
        return new Problem("urn:strata:problem:" + slug, title, status, detail, Map.of());
    }

    /** The HTTP status each kind of domain failure maps to: for problem documents and the tools' envelope alike. */
    public static Status statusOf(DomainException e) {
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

    public Problem with(String key, Object value) {
        Map<String, Object> ext = new LinkedHashMap<>(extensions);
        ext.put(key, value);
        return new Problem(type, title, status, detail, ext);
    }

    public Map<String, Object> body(String instance) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", type);
        body.put("title", title);
        body.put("status", status.code());
        body.put("detail", detail);
        body.put("instance", instance);
        body.putAll(extensions);
        return body;
    }

    public void send(ServerResponse res, String instance) {
        res.status(status);
        res.header(HeaderNames.CONTENT_TYPE, MEDIA_TYPE);
        res.send(Json.write(body(instance)));
    }
}
