package dev.strata.adapters.http;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * The one owner of the gateway in the gateway tests: the real {@link Gateway} on an ephemeral port
 * of 127.0.0.1, over an {@link InMemoryBackend}, with a real HTTP client talking to it over a socket.
 *
 * <p>Registered on a static field it starts once before the class's tests and stops after them;
 * on an instance field, a fresh backend and gateway per test:
 * <pre>{@code
 * @RegisterExtension
 * static final GatewayExtension gateway = GatewayExtension.onFakes().requiringAuth();
 * }</pre>
 * A test that needs a second, differently configured gateway for a moment uses
 * {@link #start()} in a try-with-resources; so do jqwik properties, whose engine runs no JUnit
 * extension.
 */
final class GatewayExtension implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {

    private final GatewaySettings settings;
    private final BooleanSupplier storageProbe;
    private Running running;
    private boolean perTest;

    private GatewayExtension(GatewaySettings settings, BooleanSupplier storageProbe) {
        this.settings = settings;
        this.storageProbe = storageProbe;
    }

    /** Default settings (loopback, authentication off); the storage probe answers {@link InMemoryBackend#storageUp}. */
    static GatewayExtension onFakes() {
        return new GatewayExtension(GatewaySettings.defaults("127.0.0.1", 0), null);
    }

    GatewayExtension withSettings(GatewaySettings other) {
        return new GatewayExtension(other, storageProbe);
    }

    GatewayExtension requiringAuth() {
        return withSettings(settings.withRequireAuth(true));
    }

    GatewayExtension withStorageProbe(BooleanSupplier probe) {
        return new GatewayExtension(settings, Objects.requireNonNull(probe));
    }

    /** Starts a gateway of this configuration that the caller closes. */
    Running start() {
        return new Running(settings, storageProbe);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        running = start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        stop();
    }

    /** Only an instance-field registration gets here without {@link #beforeAll}: one gateway per test. */
    @Override
    public void beforeEach(ExtensionContext context) {
        if (running == null) {
            perTest = true;
            running = start();
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (perTest) {
            stop();
        }
    }

    private void stop() {
        if (running != null) {
            running.close();
            running = null;
        }
    }

    private Running running() {
        if (running == null) {
            throw new IllegalStateException("the gateway is not running: register the extension with @RegisterExtension");
        }
        return running;
    }

    InMemoryBackend backend() {
        return running().backend();
    }

    GatewaySettings settings() {
        return settings;
    }

    List<Resource> resources() {
        return running().resources;
    }

    int port() {
        return running().port();
    }

    /** Requests without a tenant header: the default tenant. */
    Api api() {
        return running().api();
    }

    /** Requests carrying {@code X-Strata-Tenant: tenant}. */
    Api api(String tenant) {
        return running().api(tenant);
    }

    Request request(String method, String path) {
        return running().request(method, path);
    }

    /** Sends a request with a JSON body (none when {@code null}); {@code headers} alternate name, value. */
    HttpReply send(String method, String path, String json, String... headers) {
        return running().send(method, path, json, headers);
    }

    /** One started gateway, its backend and a client; closing stops the server. */
    static final class Running implements AutoCloseable {

        private final InMemoryBackend backend = new InMemoryBackend();
        private final List<Resource> resources;
        private final Gateway gateway;
        private final HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .build();

        private Running(GatewaySettings settings, BooleanSupplier storageProbe) {
            resources = backend.resources(settings);
            GatewayCore core = backend.core();
            if (storageProbe != null) {
                core = new GatewayCore(core.access(), core.scrubber(), storageProbe, core.storageUnavailable(),
                        core.healthChecks(), core.idempotency(), core.storageRetryAfter());
            }
            gateway = Gateway.start(settings, core, resources);
        }

        InMemoryBackend backend() {
            return backend;
        }

        int port() {
            return gateway.port();
        }

        Api api() {
            return new Api(this, null);
        }

        Api api(String tenant) {
            return new Api(this, tenant);
        }

        Request request(String method, String path) {
            return new Request(this, method, path);
        }

        HttpReply send(String method, String path, String json, String... headers) {
            Request request = request(method, path);
            for (int i = 0; i < headers.length; i += 2) {
                request.header(headers[i], headers[i + 1]);
            }
            return json == null ? request.send() : request.json(json).send();
        }

        @Override
        public void close() {
            client.close();
            gateway.close();
        }
    }

    /** The JSON endpoints as one tenant sees them. */
    static final class Api {

        private final Running gateway;
        private final String tenant;

        private Api(Running gateway, String tenant) {
            this.gateway = gateway;
            this.tenant = tenant;
        }

        Request request(String method, String path) {
            Request r = gateway.request(method, path);
            return tenant == null ? r : r.tenant(tenant);
        }

        HttpReply get(String path) {
            return request("GET", path).send();
        }

        HttpReply delete(String path) {
            return request("DELETE", path).send();
        }

        HttpReply post(String path, String json) {
            return request("POST", path).json(json).send();
        }

        HttpReply patch(String path, String json) {
            return request("PATCH", path).json(json).send();
        }

        HttpReply put(String path, String json) {
            return request("PUT", path).json(json).send();
        }
    }

    /** One request under construction; the body is sent with a Content-Length unless {@link #chunked()}. */
    static final class Request {

        private final Running gateway;
        private final String method;
        private final String path;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private byte[] body;
        private boolean chunked;

        private Request(Running gateway, String method, String path) {
            this.gateway = gateway;
            this.method = method;
            this.path = path;
        }

        Request tenant(String tenant) {
            return header("X-Strata-Tenant", tenant);
        }

        /** {@code Authorization: Bearer <token>}. */
        Request bearer(String token) {
            return header("Authorization", "Bearer " + token);
        }

        Request header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        Request json(String json) {
            return body("application/json", json.getBytes(StandardCharsets.UTF_8));
        }

        Request body(String contentType, byte[] bytes) {
            if (contentType != null) {
                headers.put("Content-Type", contentType);
            }
            this.body = bytes;
            return this;
        }

        Request chunked() {
            this.chunked = true;
            return this;
        }

        HttpReply send() {
            HttpRequest.BodyPublisher publisher;
            if (body == null) {
                publisher = HttpRequest.BodyPublishers.noBody();
            } else if (chunked) {
                byte[] bytes = body;
                publisher = HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes));
            } else {
                publisher = HttpRequest.BodyPublishers.ofByteArray(body);
            }
            HttpRequest.Builder builder = HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + gateway.port() + path))
                    .timeout(Duration.ofSeconds(30))
                    .method(method, publisher);
            headers.forEach(builder::header);
            try {
                HttpResponse<byte[]> response = gateway.client.send(builder.build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                return new HttpReply(response.statusCode(), response.headers(), response.body());
            } catch (IOException e) {
                throw new IllegalStateException(method + " " + path + " failed", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(method + " " + path + " interrupted", e);
            }
        }
    }
}
