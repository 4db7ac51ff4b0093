package dev.strata.application.role;

import java.util.Objects;

/**
 * What asking a probe gave: a value, a reason to wait (the window has not closed, a person has not
 * answered, the price is not there yet), or a failure. Waiting and failing both leave the entry
 * pending with the reason recorded; they differ only in how the reason reads.
 */
public sealed interface ProbeResult<T> {

    record Measured<T>(T value) implements ProbeResult<T> {
        public Measured {
            Objects.requireNonNull(value, "value");
        }
    }

    record Waiting<T>(String reason) implements ProbeResult<T> {
        public Waiting {
            Objects.requireNonNull(reason, "reason");
        }
    }

    record Failed<T>(String reason) implements ProbeResult<T> {
        public Failed {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
