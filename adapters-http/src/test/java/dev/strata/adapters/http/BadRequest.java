package dev.strata.adapters.http;

import java.nio.charset.StandardCharsets;

/**
 * One request an endpoint must refuse, with the status and the field the refusal must name.
 * {@code {id}} in the path stands for the id of a memory the test seeded.
 */
record BadRequest(String method, String path, byte[] body, int status, String field, String tenant,
                  String contentType, boolean isChunked, String description) {

    BadRequest(String method, String path, String body, int status, String field) {
        this(method, path, body.getBytes(StandardCharsets.UTF_8), status, field);
    }

    BadRequest(String method, String path, byte[] body, int status, String field) {
        this(method, path, body, status, field, null, "application/json", false, null);
    }

    static BadRequest get(String path, int status, String field) {
        return new BadRequest("GET", path, (byte[]) null, status, field);
    }

    static BadRequest post(String path, String body, int status, String field) {
        return new BadRequest("POST", path, body, status, field);
    }

    BadRequest tenant(String value) {
        return new BadRequest(method, path, body, status, field, value, contentType, isChunked, description);
    }

    BadRequest contentType(String value) {
        return new BadRequest(method, path, body, status, field, tenant, value, isChunked, description);
    }

    BadRequest chunked() {
        return new BadRequest(method, path, body, status, field, tenant, contentType, true, description);
    }

    BadRequest describe(String text) {
        return new BadRequest(method, path, body, status, field, tenant, contentType, isChunked, text);
    }

    HttpReply send(GatewayExtension gateway, long seededId) {
        GatewayExtension.Request request = gateway.request(method, path.replace("{id}", Long.toString(seededId)));
        if (tenant != null) {
            request.tenant(tenant);
        }
        if (body != null) {
            request.body(contentType, body);
        }
        if (isChunked) {
            request.chunked();
        }
        return request.send();
    }

    @Override
    public String toString() {
        String shown = description != null ? description
                : body == null ? "" : abbreviate(new String(body, StandardCharsets.UTF_8));
        return method + " " + abbreviate(path) + " " + shown
                + (tenant != null ? " [tenant '" + abbreviate(tenant) + "']" : "")
                + (!"application/json".equals(contentType) ? " [" + contentType + "]" : "")
                + " -> " + status + " " + field;
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 45) + "...(" + s.length() + " chars)";
    }
}
