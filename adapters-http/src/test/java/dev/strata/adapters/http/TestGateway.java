package dev.strata.adapters.http;

import dev.strata.application.access.AccessService;
import dev.strata.application.memory.MemoryLimits;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.vault.VaultService;
import dev.strata.domain.access.InMemoryApiKeyStore;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.profile.InMemoryUserProfileStore;
import dev.strata.domain.vault.CredentialScrubber;
import dev.strata.domain.vault.InMemoryVaultStore;
import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

/** The gateway on a real socket (port 0) over the in-memory fakes, with a small HTTP client. */
final class TestGateway implements AutoCloseable {

    final AccessService access;
    final VaultService vault;
    final MemoryService memories;
    private final Gateway gateway;
    private final HttpClient http = HttpClient.newHttpClient();

    TestGateway(boolean requireAuth) {
        Clock clock = Clock.systemUTC();
        InMemoryMemoryStore memoryStore = new InMemoryMemoryStore();
        InMemoryUserProfileStore profileStore = new InMemoryUserProfileStore();
        memories = new MemoryService(memoryStore, new InMemoryAuditLog(), clock, MemoryLimits.DEFAULTS, Duration.ofDays(30));
        access = new AccessService(new InMemoryApiKeyStore(), clock);
        vault = new VaultService(new InMemoryVaultStore(), new CredentialScrubber(), clock);
        GatewayServices services = FakeServices.build(clock, memoryStore, profileStore, memories, () -> true, access,
                vault);
        gateway = Gateway.start(GatewaySettings.defaults("127.0.0.1", 0).withRequireAuth(requireAuth), services);
    }

    /** Sends a request; {@code headers} alternate name, value. */
    HttpResponse<String> send(String method, String path, String body, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + gateway.port() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        try {
            return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static JsonObject json(HttpResponse<String> res) {
        return Json.createReader(new StringReader(res.body())).readObject();
    }

    static String[] bearer(String token, String... more) {
        String[] all = new String[more.length + 2];
        all[0] = "Authorization";
        all[1] = "Bearer " + token;
        System.arraycopy(more, 0, all, 2, more.length);
        return all;
    }

    static Map<String, String> headersOf(HttpResponse<String> res) {
        return Map.of("content-type", res.headers().firstValue("content-type").orElse(""),
                "www-authenticate", res.headers().firstValue("www-authenticate").orElse(""));
    }

    int port() {
        return gateway.port();
    }

    @Override
    public void close() {
        http.close();
        gateway.close();
    }
}
