package dev.strata.adapters.http;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Health and metrics under {@code /observe}; readiness follows the storage probe. */
class ObserveTest {

    private static GatewayHarness harness;

    @BeforeAll
    static void startGateway() {
        harness = GatewayHarness.start();
    }

    @AfterAll
    static void stopGateway() {
        harness.close();
    }

    @AfterEach
    void storageBackUp() {
        harness.storageUp.set(true);
    }

    @Test
    void healthAnswers2xxWhenTheStorageIsReady() {
        HttpReply health = harness.api().get("/observe/health");

        assertThat(health.status()).isBetween(200, 299);
        assertThat(harness.api().get("/observe/health/ready").status()).isBetween(200, 299);
    }

    @Test
    void healthAnswers503WhenTheStorageIsNotReady() {
        harness.storageUp.set(false);

        assertThat(harness.api().get("/observe/health").status()).isEqualTo(503);
        assertThat(harness.api().get("/observe/health/ready").status()).isEqualTo(503);
    }

    @Test
    void aStorageProbeThatThrowsCountsAsNotReady() {
        try (GatewayHarness broken = GatewayHarness.start(() -> {
            throw new IllegalStateException("database file is locked");
        })) {
            assertThat(broken.api().get("/observe/health").status()).isEqualTo(503);
        }
    }

    @Test
    void metricsAnswer200InThePrometheusFormat() {
        harness.api().post("/v1/memory", "{\"category\":\"fact\",\"content\":\"counted\"}").assertJson(201);

        HttpReply metrics = harness.api().get("/observe/metrics");

        metrics.assertStatus(200);
        assertThat(metrics.contentType()).startsWith("text/plain");
        assertThat(metrics.text()).contains("# TYPE ");
    }

    @Test
    void metricsAnswerJsonWhenAskedFor() {
        HttpReply metrics = harness.request("GET", "/observe/metrics").header("Accept", "application/json").send();

        metrics.assertJson(200);
        assertThat(metrics.json()).isNotEmpty();
    }
}
