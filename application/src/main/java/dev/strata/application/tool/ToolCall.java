package dev.strata.application.tool;

import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;

import java.util.Objects;

/**
 * Who calls a tool: the tenant the call acts in and the actor it records on every write (the agent
 * or session the caller names, else its API key). Front ends build it from the request.
 */
public record ToolCall(Tenant tenant, Actor actor) {

    public ToolCall {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(actor, "actor");
    }
}
