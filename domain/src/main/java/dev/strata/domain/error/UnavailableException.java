package dev.strata.domain.error;

/** A dependency (storage, a model) cannot serve the request right now; retrying later may work. */
public final class UnavailableException extends DomainException {

    public UnavailableException(String message, Throwable cause) {
        super(message, cause);
    }

    public UnavailableException(String message) {
        super(message);
    }
}
