package dev.strata.bootstrap.bench;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The benchmark's HTTP client against the JDK's own server: both framings, one connection for many requests. */
class KeepAliveHttpClientTest {

    private HttpServer server;
    private final List<String> seen = new CopyOnWriteArrayList<>();
    private final List<InetSocketAddress> peers = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/echo", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            seen.add(exchange.getRequestHeaders().getFirst("X-Strata-Tenant") + " " + new String(body,
                    StandardCharsets.UTF_8));
            peers.add(exchange.getRemoteAddress());
            byte[] answer = ("échoed " + new String(body, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
            // Length 0 makes the JDK server answer chunked; a known length answers with Content-Length.
            boolean chunked = exchange.getRequestURI().getQuery() != null;
            exchange.sendResponseHeaders(201, chunked ? 0 : answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void reads_fixed_length_and_chunked_answers_on_one_connection() throws IOException {
        try (KeepAliveHttpClient client = new KeepAliveHttpClient(server.getAddress().getPort())) {
            KeepAliveHttpClient.Response fixed = client.post("/echo", Map.of("X-Strata-Tenant", "bench"), "{\"q\":1}");
            KeepAliveHttpClient.Response chunked = client.post("/echo?chunked", Map.of("X-Strata-Tenant", "b2"), "ünï");

            assertThat(fixed.status()).isEqualTo(201);
            assertThat(fixed.body()).isEqualTo("échoed {\"q\":1}");
            assertThat(fixed.headers()).containsEntry("content-length", "15");
            assertThat(chunked.status()).isEqualTo(201);
            assertThat(chunked.body()).isEqualTo("échoed ünï");
            assertThat(chunked.headers()).containsEntry("transfer-encoding", "chunked");
        }
        assertThat(seen).containsExactly("bench {\"q\":1}", "b2 ünï");
        assertThat(peers).hasSize(2).as("both requests on one kept-alive connection")
                .allSatisfy(p -> assertThat(p).isEqualTo(peers.getFirst()));
    }

    @Test
    void a_connection_closed_before_the_answer_is_an_error() throws IOException {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread closer = Thread.ofVirtual().start(() -> {
                // Reads the whole request (its body "{}" ends it), then closes without answering.
                try (Socket s = silent.accept()) {
                    for (int c = s.getInputStream().read(); c >= 0 && c != '}'; c = s.getInputStream().read()) {
                        continue;
                    }
                } catch (IOException ignored) {
                    // the test only needs the connection closed
                }
            });
            try (KeepAliveHttpClient client = new KeepAliveHttpClient(silent.getLocalPort())) {
                assertThatThrownBy(() -> client.post("/x", Map.of(), "{}")).isInstanceOf(EOFException.class);
            }
            closer.interrupt();
        }
    }
}
