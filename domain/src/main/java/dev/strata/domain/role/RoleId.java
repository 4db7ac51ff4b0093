package dev.strata.domain.role;

/**
 * A role's globally unique id: by convention {@code <skill_id>} for a skill's only role and
 * {@code <skill_id>.<variant>} when a skill declares several ({@link RoleDefinition} checks the
 * convention against the owning skill).
 */
public record RoleId(String value) {

    public RoleId {
        RoleNames.dotted("role", value);
    }

    public static RoleId of(String value) {
        return new RoleId(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
