package dev.strata.domain.role;

/** The id of a skill that owns roles, e.g. {@code analysis.valuation}. */
public record SkillId(String value) {

    public SkillId {
        RoleNames.dotted("skill", value);
    }

    public static SkillId of(String value) {
        return new SkillId(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
