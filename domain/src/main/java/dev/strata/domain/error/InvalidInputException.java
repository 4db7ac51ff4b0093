package dev.strata.domain.error;

/** Input that breaks an invariant; {@code field} names the offending input so callers can fix it. */
public final class InvalidInputException extends DomainException {

    private final String field;

    public InvalidInputException(String field, String message) {
        super(field + ": " + message);
        this.field = field;
    }

    public String field() {
        return field;
    }

    /** The message without the field prefix. */
    public String reason() {
        return getMessage().substring(field.length() + 2);
    }
}
