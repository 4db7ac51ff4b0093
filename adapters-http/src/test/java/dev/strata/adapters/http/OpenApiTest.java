package dev.strata.adapters.http;

import io.helidon.webserver.http.HttpRules;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.reflect.Proxy;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code GET /openapi} serves the OpenAPI document, and the document lists every route: the test
 * asks each registered {@code HttpService} for its routes (through a recording {@link HttpRules})
 * so a route added without documentation fails here, and it probes every documented operation so a
 * documented route that does not exist fails too.
 */
class OpenApiTest {

    private static final Set<String> HTTP_METHODS = Set.of("get", "post", "put", "patch", "delete");
    /** Routes the gateway itself answers outside any HttpService. */
    private static final Set<String> GATEWAY_ROUTES = Set.of("GET /openapi", "GET /observe/health",
            "GET /observe/metrics");

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes();

    private static JsonObject document;

    @BeforeAll
    static void readTheDocument() {
        document = gateway.api().get("/openapi").assertJson(200).json();
    }

    @Test
    void is_an_open_api31_document_with_resolvable_references() {
        assertThat(document.getString("openapi")).startsWith("3.1");
        String text = document.toString();
        var refs = java.util.regex.Pattern.compile("\"\\$ref\":\"#/components/([a-zA-Z]+)/([A-Za-z]+)\"")
                .matcher(text);
        int count = 0;
        while (refs.find()) {
            count++;
            assertThat(document.getJsonObject("components").getJsonObject(refs.group(1)))
                    .as("components/%s", refs.group(1)).containsKey(refs.group(2));
        }
        assertThat(count).isPositive();
    }

    @Test
    void a_503_documents_the_retry_after_header_it_may_carry() {
        JsonObject write = document.getJsonObject("paths").getJsonObject("/v1/memory").getJsonObject("post")
                .getJsonObject("responses");
        assertThat(write.getJsonObject("503").getString("$ref")).isEqualTo("#/components/responses/Unavailable");
        assertThat(document.getJsonObject("components").getJsonObject("responses").getJsonObject("Unavailable")
                .getJsonObject("headers")).containsKey("Retry-After");
    }

    @Test
    void documents_every_route_the_services_register() {
        Set<String> registered = new TreeSet<>(GATEWAY_ROUTES);
        gateway.resources().forEach(resource -> resource.routing(recorder(resource.path(), registered)));

        assertThat(registered).hasSizeGreaterThan(GATEWAY_ROUTES.size());
        assertThat(documented()).containsAll(registered);
    }

    @Test
    void every_documented_operation_is_routed() {
        for (String operation : documented()) {
            String method = operation.substring(0, operation.indexOf(' '));
            String path = operation.substring(operation.indexOf(' ') + 1)
                    .replace("{id}", "1").replace("{key}", "k").replace("{name}", "no_such_tool")
                    .replace("{base}", "EUR").replace("{quote}", "USD").replace("{entity}", "BTC")
                    .replace("{dimension}", "risk")
                    .replace("{role}", "research.thesis");
            HttpReply reply = gateway.request(method, path).send();
            assertThat(reply.status()).as("%s answered %s", operation, reply.text()).isNotIn(405, 500);
            assertThat(reply.text()).as(operation).doesNotContain("no resource at");
        }
    }

    @Test
    void documents_every_registered_tool_with_its_argument_schema() {
        JsonObject listed = gateway.api().get("/v1/tools").assertJson(200).json();

        for (JsonObject tool : listed.getJsonArray("tools").getValuesAs(JsonObject.class)) {
            JsonObject post = document.getJsonObject("paths").getJsonObject("/v1/tools/" + tool.getString("name"))
                    .getJsonObject("post");
            assertThat(post.getString("description")).isEqualTo(tool.getString("description"));
            assertThat(post.getJsonObject("requestBody").getJsonObject("content").getJsonObject("application/json")
                    .getJsonObject("schema")).isEqualTo(tool.getJsonObject("input_schema"));
        }
        assertThat(listed.getJsonArray("tools")).isNotEmpty();
    }

    private static Set<String> documented() {
        Set<String> operations = new TreeSet<>();
        JsonObject paths = document.getJsonObject("paths");
        paths.forEach((path, item) -> item.asJsonObject().keySet().stream()
                .filter(HTTP_METHODS::contains)
                .forEach(method -> operations.add(method.toUpperCase() + " " + path)));
        return operations;
    }

    /** An HttpRules that records "METHOD /prefix/path" for every route a service declares. */
    private static HttpRules recorder(String prefix, Set<String> into) {
        return (HttpRules) Proxy.newProxyInstance(HttpRules.class.getClassLoader(), new Class<?>[]{HttpRules.class},
                (proxy, method, args) -> {
                    String name = method.getName();
                    if (args != null && args.length > 0 && args[0] instanceof String path) {
                        String full = path.equals("/") ? prefix : prefix + path;
                        if (HTTP_METHODS.contains(name)) {
                            into.add(name.toUpperCase() + " " + full);
                        } else if (name.equals("any")) {
                            into.add("POST " + full);
                        } else {
                            throw new AssertionError("route declared with " + name + "; teach OpenApiTest about it");
                        }
                    } else if (HTTP_METHODS.contains(name) || name.equals("any")) {
                        throw new AssertionError("route without a path pattern under " + prefix);
                    }
                    return method.getReturnType().isInstance(proxy) ? proxy : null;
                });
    }
}
