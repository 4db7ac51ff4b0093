package dev.strata.adapters.http;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Classification;
import dev.strata.domain.role.Reflection;
import dev.strata.domain.role.RoleMemoryId;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code POST /v1/sessions {"skills": [...]}}: a session started with its active skills holds the recent
 * lessons of the roles those skills own, as a non-cached block right after the cached identity prefix.
 */
class SessionLessonsEndpointTest {

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes();

    /** A decision of the manual thesis role, reflected into a lesson (the backend's model is off, so by hand). */
    private static void lesson(String tenant, String text) {
        long id = gateway.api(tenant).post("/v1/roles/research.thesis/decisions",
                "{\"decision\":\"BTC thesis: digital gold\",\"asset\":\"BTC\"}").assertJson(201).id();
        gateway.backend().roleStore.reflect(Tenant.of(tenant), RoleMemoryId.of(id), new Reflection(
                Classification.MISSING_DATA, "ignored the supply schedule", Optional.of(text), "stub",
                gateway.backend().clock.instant()));
    }

    private static List<String> blockNames(JsonObject session) {
        return session.getJsonArray("blocks").getValuesAs(JsonObject.class).stream().map(b -> b.getString("name"))
                .toList();
    }

    @Test
    void a_session_started_with_skills_holds_their_roles_lessons_and_one_without_does_not() {
        lesson("ada", "Read the supply schedule before a long thesis.");

        JsonObject with = gateway.api("ada").post("/v1/sessions", "{\"skills\":[\"research.thesis\"]}").assertJson(201)
                .json();
        JsonObject without = gateway.api("ada").post("/v1/sessions", "").assertJson(201).json();

        assertThat(blockNames(with)).contains("lessons").doesNotContain("identity", "memory").hasSize(1);
        JsonObject block = with.getJsonArray("blocks").getJsonObject(0);
        assertThat(block.getBoolean("cache")).isFalse();
        assertThat(block.getString("text")).contains("### research.thesis: Investment thesis",
                "(missing_data): Read the supply schedule before a long thesis.");
        assertThat(gateway.api("ada").get("/v1/sessions/" + with.getString("id") + "/prompt").assertStatus(200).text())
                .contains("Read the supply schedule");
        assertThat(blockNames(without)).doesNotContain("lessons");
        assertThat(blockNames(gateway.api("bob").post("/v1/sessions", "{\"skills\":[\"research.thesis\"]}")
                .assertJson(201).json())).doesNotContain("lessons");
        assertThat(blockNames(gateway.api("ada").post("/v1/sessions", "{\"skills\":[\"market.onchain\"]}")
                .assertJson(201).json())).doesNotContain("lessons");
    }

    @Test
    void skills_that_are_not_skill_ids_are_refused_naming_the_element() {
        gateway.api("ada").post("/v1/sessions", "{\"skills\":\"research.thesis\"}").assertProblem(400, "skills");
        gateway.api("ada").post("/v1/sessions", "{\"skills\":[\"research.thesis\",\"Not A Skill\"]}")
                .assertProblem(400, "skills[1]");
        gateway.api("ada").post("/v1/sessions", "{\"skills\":[7]}").assertProblem(400, "skills[0]");
        gateway.api("ada").post("/v1/sessions", "{\"skill\":[\"research.thesis\"]}").assertProblem(400, "skill");
    }
}
