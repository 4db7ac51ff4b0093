package dev.strata.bootstrap.llm;

import io.helidon.health.HealthCheck;
import io.helidon.health.HealthCheckResponse;
import io.helidon.health.HealthCheckType;

import java.util.Objects;

/**
 * The {@code model} check of {@code /observe/health}: the language model client's circuit breaker. Always
 * up: an open circuit degrades the model-backed features (they answer without the model or refuse with
 * 503), it does not make the server unready; {@code data.circuit} says which.
 */
public final class ModelCircuitCheck implements HealthCheck {

    private final LlmModule llm;

    public ModelCircuitCheck(LlmModule llm) {
        this.llm = Objects.requireNonNull(llm, "llm");
    }

    @Override
    public HealthCheckType type() {
        return HealthCheckType.READINESS;
    }

    @Override
    public String name() {
        return "model";
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.builder().status(true).detail("circuit", llm.circuit()).build();
    }
}
