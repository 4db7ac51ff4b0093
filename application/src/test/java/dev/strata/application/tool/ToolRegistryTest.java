package dev.strata.application.tool;

import dev.strata.application.tool.ToolCall;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.strata.application.provenance.TestOrigins.AGENT_ACTOR;
import static dev.strata.application.tool.ToolSchema.Type.STRING;
import static dev.strata.application.tool.ToolSchemaTest.object;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ToolRegistryTest {

    private record Echo(String tenant, String said) {
    }

    private static final ToolDefinition ECHO = new ToolDefinition("echo", "Says it back.",
            ToolSchema.builder().required("text", STRING, "what to say").build(),
            (call, args) -> new Echo(call.tenant().value(), args.text("text")));

    private static final ToolDefinition MISSING = new ToolDefinition("missing", "Always fails.", ToolSchema.none(),
            (call, args) -> {
                throw new NotFoundException("thing", "42");
            });

    @Test
    void an_area_adds_its_tools_in_one_declaration_and_the_registry_keeps_their_order() {
        ToolRegistry registry = ToolRegistry.builder().add(List.of(ECHO, MISSING)).build();

        assertThat(registry.names()).containsExactly("echo", "missing");
        assertThat(registry.find("echo")).contains(ECHO);
        assertThat(registry.find("nothing")).isEmpty();
    }

    @Test
    void two_tools_with_one_name_are_refused() {
        assertThatThrownBy(() -> ToolRegistry.builder().add(ECHO).add(ECHO).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("echo");
    }

    @Test
    void a_call_validates_the_arguments_and_runs_the_handler_in_the_callers_tenant() {
        ToolResult result = ECHO.call( new ToolCall(Tenant.of("acme"), AGENT_ACTOR), object("text", "hi"));

        assertThat(result).isEqualTo(new ToolResult.Ok(new Echo("acme", "hi")));
    }

    @Test
    void a_schema_violation_is_a_failed_result_naming_the_field_and_the_handler_never_runs() {
        ToolResult result = MISSING.call( new ToolCall(Tenant.DEFAULT, AGENT_ACTOR), object("x", 1));

        assertThat(result).isInstanceOfSatisfying(ToolResult.Failed.class, f ->
                assertThat(f.error()).isInstanceOfSatisfying(dev.strata.domain.error.InvalidInputException.class,
                        e -> assertThat(e.field()).isEqualTo("x")));
    }

    @Test
    void a_domain_failure_of_the_handler_is_a_failed_result() {
        ToolResult result = MISSING.call( new ToolCall(Tenant.DEFAULT, AGENT_ACTOR), object());

        assertThat(result).isInstanceOfSatisfying(ToolResult.Failed.class,
                f -> assertThat(f.error()).isInstanceOf(NotFoundException.class));
    }

    @Test
    void a_tool_name_is_snake_case_and_a_description_is_required() {
        assertThatThrownBy(() -> new ToolDefinition("Memory-Write", "x", ToolSchema.none(), (t, a) -> "x"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ToolDefinition("memory_write", " ", ToolSchema.none(), (t, a) -> "x"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
