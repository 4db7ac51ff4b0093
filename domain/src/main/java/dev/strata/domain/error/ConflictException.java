package dev.strata.domain.error;

import java.util.Map;

/**
 * The request is valid but clashes with the current state (for example a save to a key that
 * already has an active entry). {@code details} carries what the caller needs to resolve it.
 */
public final class ConflictException extends DomainException {

    private final Map<String, Object> details;

    public ConflictException(String message) {
        this(message, Map.of());
    }

    public ConflictException(String message, Map<String, Object> details) {
        super(message);
        this.details = Map.copyOf(details);
    }

    public Map<String, Object> details() {
        return details;
    }
}
