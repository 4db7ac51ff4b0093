package dev.strata.adapters.http;

import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * {@code GET /openapi}: the hand-written OpenAPI 3.1 document shipped as a resource next to this
 * class. It is read once at start-up, so a missing resource fails the start, not a request.
 */
final class OpenApiDocument {

    static final String RESOURCE = "openapi.json";

    private final byte[] document;

    private OpenApiDocument(byte[] document) {
        this.document = document;
    }

    static OpenApiDocument load() {
        try (InputStream in = OpenApiDocument.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("resource " + RESOURCE + " is missing from the gateway jar");
            }
            return new OpenApiDocument(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    void serve(ServerRequest req, ServerResponse res) {
        res.header(HeaderNames.CONTENT_TYPE, Responses.JSON);
        res.send(document);
    }
}
