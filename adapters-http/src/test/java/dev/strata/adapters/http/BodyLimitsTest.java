package dev.strata.adapters.http;

import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The configured body limits: an ordinary request is held to {@code maxBodyBytes}, a batch to the
 * larger {@code maxBatchBodyBytes}, and a body over either is a 413 problem naming {@code body},
 * whether it announces its length or arrives chunked.
 */
class BodyLimitsTest {

    private static final int SINGLE = 2_048;
    private static final int BATCH = 8_192;

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes()
            .withSettings(new GatewaySettings("127.0.0.1", 0, SINGLE, BATCH));

    private static String write(int bytes) {
        String prefix = "{\"category\":\"fact\",\"content\":\"";
        return prefix + "x".repeat(bytes - prefix.length() - 2) + "\"}";
    }

    /** A valid batch of just over {@code bytes} bytes. */
    private static String batchOfAtLeast(int bytes) {
        StringBuilder batch = new StringBuilder("{\"memories\":[");
        for (int i = 0; batch.length() < bytes; i++) {
            batch.append(i == 0 ? "" : ",").append("{\"category\":\"fact\",\"content\":\"row ").append(i).append("\"}");
        }
        return batch.append("]}").toString();
    }

    @Test
    void an_ordinary_body_up_to_the_limit_is_accepted_and_one_byte_more_is_not() {
        GatewayExtension.Api api = gateway.api("single-limit");

        api.post("/v1/memory", write(SINGLE)).assertJson(201);
        api.post("/v1/memory", write(SINGLE + 1)).assertProblem(413, "body");
        api.request("POST", "/v1/memory").json(write(SINGLE + 1)).chunked().send().assertProblem(413, "body");

        assertThat(gateway.backend().memoryStore.count(Tenant.of("single-limit"))).isEqualTo(1);
    }

    @Test
    void a_batch_may_be_larger_than_an_ordinary_body() {
        GatewayExtension.Api api = gateway.api("batch-limit");
        String batch = batchOfAtLeast(BATCH - 1_000);
        assertThat(batch.length()).isBetween(SINGLE + 1, BATCH);

        api.post("/v1/memory/batch", batch).assertJson(201);
    }

    @Test
    void a_batch_over_its_limit_is_a_413_problem_and_stores_nothing() {
        GatewayExtension.Api api = gateway.api("batch-over");
        String batch = batchOfAtLeast(BATCH + 1_000);
        assertThat(batch.length()).isGreaterThan(BATCH);

        api.post("/v1/memory/batch", batch).assertProblem(413, "body");
        api.request("POST", "/v1/memory/batch").json(batch).chunked().send().assertProblem(413, "body");

        assertThat(api.get("/v1/memory").assertJson(200).memories()).isEmpty();
    }

    @Test
    void search_profile_and_tools_are_held_to_the_ordinary_limit() {
        String padding = " ".repeat(SINGLE);
        gateway.api().post("/v1/memory/search", "{\"query\":\"x\"}" + padding).assertProblem(413, "body");
        gateway.api().put("/v1/profile/risk", "{\"value\":\"x\"}" + padding).assertProblem(413, "body");
        gateway.api().patch("/v1/memory/1", "{\"content\":\"x\"}" + padding).assertProblem(413, "body");
        HttpReply tool = gateway.api().post("/v1/tools/memory_write", write(SINGLE + 1)).assertJson(413);
        assertThat(tool.json().getBoolean("ok")).isFalse();
        assertThat(tool.json().getString("field")).isEqualTo("body");
    }

    @Test
    void a_request_the_server_cannot_frame_is_a_problem_too() throws IOException {
        try (Socket socket = new Socket("127.0.0.1", gateway.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("POST /v1/memory HTTP/1.1\r\nHost: localhost\r\n"
                    + "Content-Type: application/json\r\nContent-Length: many\r\nConnection: close\r\n\r\n{}")
                    .getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

            assertThat(response).startsWith("HTTP/1.1 400");
            assertThat(response.toLowerCase(Locale.ROOT)).contains("content-type: application/problem+json");
            assertThat(response).contains("\"type\":\"urn:strata:problem:bad-request\"");
        }
    }
}
