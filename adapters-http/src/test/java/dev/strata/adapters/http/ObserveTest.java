package dev.strata.adapters.http;

import jakarta.json.JsonObject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** Health and metrics under {@code /observe}; readiness follows the storage probe. */
class ObserveTest {

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes();

    @AfterEach
    void storageBackUp() {
        gateway.backend().storageUp.set(true);
    }

    @Test
    void health_answers2xx_when_the_storage_is_ready() {
        HttpReply health = gateway.api().get("/observe/health");

        assertThat(health.status()).isBetween(200, 299);
        assertThat(gateway.api().get("/observe/health/ready").status()).isBetween(200, 299);
    }

    @Test
    void health_answers_503_when_the_storage_is_not_ready() {
        gateway.backend().storageUp.set(false);

        assertThat(gateway.api().get("/observe/health").status()).isEqualTo(503);
        assertThat(gateway.api().get("/observe/health/ready").status()).isEqualTo(503);
    }

    @Test
    void a_storage_probe_that_throws_counts_as_not_ready() {
        try (GatewayExtension.Running broken = GatewayExtension.onFakes().withStorageProbe(() -> {
            throw new IllegalStateException("database file is locked");
        }).start()) {
            assertThat(broken.api().get("/observe/health").status()).isEqualTo(503);
        }
    }

    @Test
    void metrics_answer_200_in_the_prometheus_format() {
        gateway.api().post("/v1/memory", "{\"category\":\"fact\",\"content\":\"counted\"}").assertJson(201);

        HttpReply metrics = gateway.api().get("/observe/metrics");

        metrics.assertStatus(200);
        assertThat(metrics.contentType()).startsWith("text/plain");
        assertThat(metrics.text()).contains("# TYPE ");
    }

    @Test
    void metrics_answer_json_when_asked_for() {
        HttpReply metrics = gateway.request("GET", "/observe/metrics").header("Accept", "application/json").send();

        metrics.assertJson(200);
        assertThat(metrics.json()).isNotEmpty();
    }

    @Test
    void health_is_json_naming_each_check_with_its_data() {
        gateway.backend().circuit.set("open");
        try {
            JsonObject health = gateway.api().get("/observe/health").assertJson(200).json();

            assertThat(health.getString("status")).isEqualTo("UP");
            var checks = health.getJsonArray("checks").getValuesAs(JsonObject.class);
            assertThat(checks).extracting(c -> c.getString("name")).containsExactly("storage", "model");
            assertThat(checks.get(1).getString("status")).isEqualTo("UP");
            assertThat(checks.get(1).getJsonObject("data").getString("circuit")).isEqualTo("open");
        } finally {
            gateway.backend().circuit.set("closed");
        }
    }

    @Test
    void a_down_storage_is_named_down_in_the_json_of_a_503() {
        gateway.backend().storageUp.set(false);

        JsonObject health = gateway.api().get("/observe/health").assertJson(503).json();

        assertThat(health.getString("status")).isEqualTo("DOWN");
        assertThat(health.getJsonArray("checks").getJsonObject(0).getString("status")).isEqualTo("DOWN");
    }
}
