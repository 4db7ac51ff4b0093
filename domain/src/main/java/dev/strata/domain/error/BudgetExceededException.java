package dev.strata.domain.error;

/** A model call would exceed the configured spend cap; raised before the call is made. */
public final class BudgetExceededException extends DomainException {

    public BudgetExceededException(String message) {
        super(message);
    }
}
