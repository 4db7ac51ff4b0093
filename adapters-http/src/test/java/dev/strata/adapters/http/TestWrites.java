package dev.strata.adapters.http;

import dev.strata.application.provenance.WriteOrigin;
import dev.strata.domain.memory.Actor;

/** Who a test's set-up writes as, when it writes around the gateway: the operator, who may claim any source. */
public final class TestWrites {

    public static final Actor OPERATOR_ACTOR = Actor.cli("test");
    public static final WriteOrigin OPERATOR = WriteOrigin.operator(OPERATOR_ACTOR);

    private TestWrites() {
    }
}
