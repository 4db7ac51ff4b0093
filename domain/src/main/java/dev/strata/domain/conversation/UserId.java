package dev.strata.domain.conversation;

/**
 * The user a conversation belongs to within its tenant (spec 04: everything is keyed by
 * {@code user_id}, {@code default} for single-user deployments).
 */
public record UserId(String value) {

    public static final UserId DEFAULT = new UserId("default");

    public UserId {
        ClientId.check("user_id", value);
    }

    public static UserId of(String value) {
        return new UserId(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
