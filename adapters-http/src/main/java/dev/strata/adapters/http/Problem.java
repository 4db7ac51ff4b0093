package dev.strata.adapters.http;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerResponse;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An RFC 9457 problem document. {@code type} is a stable URN per kind of failure, so clients can
 * branch on it; {@code field} names the input to fix when there is one.
 */
record Problem(String type, String title, Status status, String detail, Map<String, Object> extensions) {

    static final String MEDIA_TYPE = "application/problem+json";

    static Problem of(String slug, String title, Status status, String detail) {
        return new Problem("urn:strata:problem:" + slug, title, status, detail, Map.of());
    }

    Problem with(String key, Object value) {
        Map<String, Object> ext = new LinkedHashMap<>(extensions);
        ext.put(key, value);
        return new Problem(type, title, status, detail, ext);
    }

    Map<String, Object> body(String instance) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", type);
        body.put("title", title);
        body.put("status", status.code());
        body.put("detail", detail);
        body.put("instance", instance);
        body.putAll(extensions);
        return body;
    }

    void send(ServerResponse res, String instance) {
        res.status(status);
        res.header(HeaderNames.CONTENT_TYPE, MEDIA_TYPE);
        res.send(Json.write(body(instance)));
    }
}
