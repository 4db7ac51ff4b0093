package dev.strata.bootstrap.drills;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SIGTERM while a batch write is in flight: the server stops accepting, lets the request finish and
 * answer 201, and only then closes the database; the batch is there after a restart.
 *
 * <p>The request is sent by hand over a socket in two halves with the SIGTERM between them, so the
 * server is provably inside the request (it has the headers and half the body) when the signal lands.
 */
class GracefulShutdownTest {

    private static final int BATCH = 500;

    @TempDir
    Path dir;

    @Test
    void a_request_in_flight_at_sigterm_finishes_and_is_kept() throws Exception {
        Path data = dir.resolve("data");
        Path log = dir.resolve("server.log");
        List<String> items = new ArrayList<>();
        for (int i = 0; i < BATCH; i++) {
            items.add("{\"category\":\"lesson\",\"content\":\"drained at shutdown item qz" + i + "\"}");
        }
        byte[] body = ("{\"memories\":[" + String.join(",", items) + "]}").getBytes(StandardCharsets.UTF_8);
        int half = body.length / 2;

        ServerProcess server = ServerProcess.start(data, dir.resolve("workspace"), log);
        String statusLine;
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /v1/memory/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "X-Strata-Tenant: " + DrillClient.TENANT + "\r\nContent-Length: " + body.length
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body, 0, half);
            out.flush();
            Thread.sleep(500);

            Thread terminate = Thread.ofPlatform().start(server::terminate);
            // Longer than Helidon's default shutdown grace (500 ms): the request must outlive it.
            Thread.sleep(1_000);
            assertThat(server.isAlive()).as("the server waits for the request in flight").isTrue();
            out.write(body, half, body.length - half);
            out.flush();

            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.UTF_8));
            statusLine = in.readLine();
            terminate.join();
        }
        assertThat(statusLine).as(ServerProcess.tail(log)).startsWith("HTTP/1.1 201");
        assertThat(server.isAlive()).isFalse();
        assertThat(ServerProcess.tail(log)).doesNotContain("did not terminate gracefully");

        try (Connection c = DatabaseChecks.open(data.resolve("strata.db"))) {
            assertThat(DatabaseChecks.integrityCheck(c)).containsExactly("ok");
            assertThat(DatabaseChecks.count(c, "SELECT COUNT(*) FROM memories")).isEqualTo(BATCH);
        }
        ServerProcess again = ServerProcess.start(data, dir.resolve("workspace"), log);
        try (DrillClient client = new DrillClient(again::port)) {
            assertThat(client.send("GET", "/v1/memory/1", null).statusCode()).isEqualTo(200);
            assertThat(client.send("GET", "/v1/memory/" + BATCH, null).statusCode()).isEqualTo(200);
        } finally {
            again.terminate();
        }
    }
}
