package dev.strata.adapters.http;

import dev.strata.adapters.http.support.Problem;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.CategoryFilter;
import dev.strata.domain.memory.Tenant;
import io.helidon.webserver.http.HttpRules;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 13, "connections and the wire", with real slow clients on 127.0.0.1: idle sockets, trickled
 * headers and half-sent bodies are closed after their timeouts; connections beyond the cap wait; what a
 * client causes logs one line, rate-limited, without a stack trace.
 */
class SlowClientTest {

    private static final GatewaySettings.Wire SHORT = new GatewaySettings.Wire(Duration.ofMillis(600),
            Duration.ofMillis(600), Duration.ofMillis(800), 4);
    /** Far beyond every timeout above: a connection still open this long was not cut off. */
    private static final int PATIENCE_MS = 8_000;

    @RegisterExtension
    final GatewayExtension gateway = GatewayExtension.onFakes()
            .withSettings(GatewaySettings.defaults("127.0.0.1", 0).withWire(SHORT));

    private final List<LogRecord> logged = new ArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            synchronized (logged) {
                logged.add(record);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void captureLogs() {
        Logger.getLogger("").addHandler(capture);
    }

    @AfterEach
    void stopCapturing() {
        Logger.getLogger("").removeHandler(capture);
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket("127.0.0.1", gateway.port());
        socket.setSoTimeout(PATIENCE_MS);
        return socket;
    }

    /** True when the server closed the connection (end of stream or reset) before the patience ran out. */
    private static boolean closedByServer(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        try {
            while (true) {
                if (in.read() < 0) {
                    return true;
                }
            }
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true;
        }
    }

    @Test
    void an_idle_socket_is_closed_after_the_idle_timeout() throws IOException {
        try (Socket idle = connect()) {
            assertThat(closedByServer(idle)).isTrue();
        }
    }

    @Test
    void a_socket_trickling_its_headers_is_closed_after_the_header_timeout() throws Exception {
        try (Socket slow = connect()) {
            OutputStream out = slow.getOutputStream();
            out.write("GET /v1/memory HTTP/1.1\r\nHost: 127.0.0.1\r\n".getBytes(StandardCharsets.US_ASCII));
            boolean cut = false;
            long until = System.nanoTime() + Duration.ofMillis(PATIENCE_MS).toNanos();
            try {
                while (System.nanoTime() < until) {
                    out.write('X');
                    out.flush();
                    Thread.sleep(100);
                }
            } catch (IOException e) {
                cut = true;
            }
            assertThat(cut || closedByServer(slow)).isTrue();
        }
    }

    @Test
    void a_half_sent_body_is_closed_after_the_body_timeout_and_writes_nothing() throws IOException {
        try (Socket slow = connect()) {
            slow.getOutputStream().write(("POST /v1/memory HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                    + "\r\nContent-Length: 200\r\n\r\n{\"category\":\"lesson\",").getBytes(StandardCharsets.US_ASCII));
            slow.getOutputStream().flush();

            assertThat(closedByServer(slow)).isTrue();
        }
        assertThat(gateway.backend().memoryStore.countActive(Tenant.DEFAULT, CategoryFilter.ALL)).isZero();
        assertThat(lines("dev.strata")).hasSizeLessThanOrEqualTo(2).allSatisfy(r -> assertThat(r.getThrown()).isNull());
        // Nor does the server itself (Helidon) log the cut-off connection as a warning or with a stack trace.
        assertThat(lines("")).filteredOn(r -> r.getLevel().intValue() >= Level.WARNING.intValue()).isEmpty();
    }

    @Test
    void a_slow_but_timely_client_is_served() throws Exception {
        try (Socket client = connect()) {
            OutputStream out = client.getOutputStream();
            for (String part : List.of("GET /v1/memory HTTP/1.1\r\n", "Host: 127.0.0.1\r\n", "Connection: close\r\n",
                    "\r\n")) {
                out.write(part.getBytes(StandardCharsets.US_ASCII));
                out.flush();
                Thread.sleep(50);
            }
            String answer = RawHttp.readAll(client.getInputStream());
            assertThat(RawHttp.status(answer)).isEqualTo(200);
        }
    }

    @Test
    void connections_beyond_the_cap_are_not_served_until_one_closes() throws Exception {
        try (GatewayExtension.Running capped = GatewayExtension.onFakes().withSettings(GatewaySettings
                .defaults("127.0.0.1", 0).withWire(new GatewaySettings.Wire(Duration.ofSeconds(30),
                        Duration.ofSeconds(30), Duration.ofSeconds(30), 2))).start()) {
            List<Socket> held = new ArrayList<>();
            try {
                for (int i = 0; i < 2; i++) {
                    Socket s = new Socket("127.0.0.1", capped.port());
                    s.setSoTimeout(PATIENCE_MS);
                    s.getOutputStream().write("GET /v1/memory HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    assertThat(RawHttp.status(RawHttp.readAll(s.getInputStream()))).isEqualTo(200);
                    held.add(s);
                }
                try (Socket third = new Socket("127.0.0.1", capped.port())) {
                    third.setSoTimeout(1_500);
                    third.getOutputStream().write("GET /v1/memory HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
                    String answer = RawHttp.readAll(third.getInputStream());
                    assertThat(answer).doesNotStartWith("HTTP/1.1 200");
                }
            } finally {
                for (Socket s : held) {
                    s.close();
                }
            }
            Thread.sleep(300);
            assertThat(capped.api().get("/v1/memory").status()).isEqualTo(200);
        }
    }

    @Test
    void repeated_503s_log_a_few_one_line_records_without_stack_traces() {
        Resource failing = new Resource() {
            @Override
            public String path() {
                return "/v1/failing";
            }

            @Override
            public void routing(HttpRules rules) {
                rules.get("/", (req, res) -> {
                    throw new UnavailableException("could not write the memory: disk I/O error");
                });
            }
        };
        InMemoryBackend backend = new InMemoryBackend();
        try (Gateway g = Gateway.start(GatewaySettings.defaults("127.0.0.1", 0), backend.core(), List.of(failing))) {
            for (int i = 0; i < 50; i++) {
                String answer = RawHttp.request(g.port(), "GET", "/v1/failing", null);
                assertThat(RawHttp.status(answer)).isEqualTo(503);
                assertThat(answer).contains(Problem.MEDIA_TYPE);
            }
        }
        List<LogRecord> gatewayLines = lines(Gateway.class.getName());
        assertThat(gatewayLines).isNotEmpty().hasSizeLessThanOrEqualTo(5)
                .allSatisfy(r -> {
                    assertThat(r.getThrown()).isNull();
                    assertThat(r.getMessage()).doesNotContain("\n");
                });
    }

    private List<LogRecord> lines(String loggerPrefix) {
        synchronized (logged) {
            return logged.stream().filter(r -> r.getLoggerName() != null && r.getLoggerName().startsWith(loggerPrefix))
                    .filter(r -> r.getLevel().intValue() >= Level.INFO.intValue()).toList();
        }
    }
}
