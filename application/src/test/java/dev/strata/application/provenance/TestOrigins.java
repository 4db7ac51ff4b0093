package dev.strata.application.provenance;

import dev.strata.domain.memory.Actor;

import java.util.Optional;

/** Write origins for tests: an agent tool call, a person's REST write and the operator, each by a named actor. */
public final class TestOrigins {

    public static final Actor AGENT_ACTOR = Actor.claimed("test-agent", Optional.empty());
    public static final Actor PERSON_ACTOR = Actor.claimed("test-person", Optional.empty());
    public static final WriteOrigin AGENT = WriteOrigin.agentTool(AGENT_ACTOR);
    public static final WriteOrigin PERSON = WriteOrigin.person(PERSON_ACTOR);
    /** May claim any source: for tests about something else than provenance. */
    public static final WriteOrigin OPERATOR = WriteOrigin.operator(Actor.cli("tester"));

    private TestOrigins() {
    }
}
