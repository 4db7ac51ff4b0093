package dev.strata.domain.error;

/**
 * The small set of failures the core reports. Each subtype maps to exactly one HTTP status in
 * the gateway, so adding a subtype is an API decision, not an implementation detail. (Not sealed:
 * a sealed class in an unnamed module can only permit subclasses of its own package, and model
 * failures such as {@code StructuredOutputException} live beside the model port.)
 */
public abstract class DomainException extends RuntimeException {

    protected DomainException(String message) {
        super(message);
    }

    protected DomainException(String message, Throwable cause) {
        super(message, cause);
    }
}
