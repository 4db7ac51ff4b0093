package dev.strata.adapters.http;

import io.helidon.webserver.http.HttpService;
import jakarta.json.JsonObject;

import java.util.Map;

/**
 * One REST resource of the gateway: an {@link HttpService} and the path it is mounted at. Each
 * area's resource lives in the area's package ({@code http.memory.MemoryHttpService}, ...) and the
 * composition root hands the gateway the list; the gateway knows none of them by name.
 */
public interface Resource extends HttpService {

    /** The path prefix the resource answers under, e.g. {@code /v1/memory}. */
    String path();

    /**
     * OpenAPI path items the resource generates from data, by absolute path, added to the
     * hand-written document (the tools resource documents one path per registered tool).
     */
    default Map<String, JsonObject> generatedOpenApiPaths() {
        return Map.of();
    }
}
