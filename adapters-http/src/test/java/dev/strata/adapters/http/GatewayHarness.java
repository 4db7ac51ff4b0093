package dev.strata.adapters.http;

import dev.strata.application.memory.MemoryLimits;
import dev.strata.application.memory.MemoryService;
import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.profile.InMemoryUserProfileStore;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * The real gateway on an ephemeral port, wired to the real application services over the domain's
 * in-memory fakes, and a real HTTP client talking to it over a socket. Tests reach into the fakes
 * only to set up state or to prove that a refused request changed nothing.
 */
final class GatewayHarness implements AutoCloseable {

    static final Instant START = Instant.parse("2026-01-05T09:00:00Z");

    final MutableClock clock = new MutableClock(START);
    final InMemoryMemoryStore memoryStore = new InMemoryMemoryStore();
    final InMemoryUserProfileStore profileStore = new InMemoryUserProfileStore();
    final InMemoryAuditLog audit = new InMemoryAuditLog();
    final AtomicBoolean storageUp = new AtomicBoolean(true);
    final MemoryService memories = new MemoryService(memoryStore, audit, clock, MemoryLimits.DEFAULTS,
            Duration.ofDays(30));

    final GatewaySettings settings;
    final GatewayServices services;
    private final Gateway gateway;
    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    private GatewayHarness(GatewaySettings settings, BooleanSupplier storageProbe) {
        this.settings = settings;
        this.services = FakeServices.build(clock, memoryStore, profileStore, memories,
                storageProbe != null ? storageProbe : storageUp::get, FakeServices.access(clock),
                FakeServices.vault(clock));
        this.gateway = Gateway.start(settings, services);
    }

    /** Default settings; the storage probe answers {@link #storageUp}. */
    static GatewayHarness start() {
        return start(GatewaySettings.defaults("127.0.0.1", 0));
    }

    static GatewayHarness start(GatewaySettings settings) {
        return new GatewayHarness(settings, null);
    }

    static GatewayHarness start(BooleanSupplier storageProbe) {
        return new GatewayHarness(GatewaySettings.defaults("127.0.0.1", 0), storageProbe);
    }

    /** Requests without a tenant header: the default tenant. */
    Api api() {
        return new Api(null);
    }

    /** Requests carrying {@code X-Strata-Tenant: tenant}. */
    Api api(String tenant) {
        return new Api(tenant);
    }

    Request request(String method, String path) {
        return new Request(method, path);
    }

    int port() {
        return gateway.port();
    }

    @Override
    public void close() {
        client.close();
        gateway.close();
    }

    /** The JSON endpoints as one tenant sees them. */
    final class Api {

        private final String tenant;

        private Api(String tenant) {
            this.tenant = tenant;
        }

        Request request(String method, String path) {
            Request r = new Request(method, path);
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
    final class Request {

        private final String method;
        private final String path;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private byte[] body;
        private boolean chunked;

        private Request(String method, String path) {
            this.method = method;
            this.path = path;
        }

        Request tenant(String tenant) {
            return header("X-Strata-Tenant", tenant);
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
                HttpResponse<byte[]> response = client.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
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
