package dev.strata.domain.error;

/**
 * The small set of failures the core reports. Each subtype maps to exactly one HTTP status in
 * the gateway, so adding a subtype is an API decision, not an implementation detail.
 */
public abstract sealed class DomainException extends RuntimeException
        permits NotFoundException, ConflictException, InvalidInputException, BudgetExceededException,
        UnavailableException {

    protected DomainException(String message) {
        super(message);
    }

    protected DomainException(String message, Throwable cause) {
        super(message, cause);
    }
}
