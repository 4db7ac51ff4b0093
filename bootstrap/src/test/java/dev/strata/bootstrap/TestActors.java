package dev.strata.bootstrap;

import dev.strata.application.provenance.WriteOrigin;
import dev.strata.domain.memory.Actor;

/** Who an end-to-end test's set-up writes as, when it writes around the server: the operator. */
final class TestActors {

    static final Actor OPERATOR_ACTOR = Actor.cli("test");
    static final WriteOrigin OPERATOR = WriteOrigin.operator(OPERATOR_ACTOR);

    private TestActors() {
    }
}
