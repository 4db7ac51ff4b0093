package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;

import java.util.List;
import java.util.Objects;

/**
 * A named decision context a skill owns (the spec's {@code memoryRoles[]} element). Roles are
 * declared, never stored: the registry is built from these at start.
 *
 * <p>The id follows the spec's convention: the skill's own id for its only role, or the skill's id
 * plus one {@code .variant} segment. Failure modes anchor the reflection, so a role must name at
 * least one. Text fields are single-purpose and bounded, since they all end up in prompts.
 */
public record RoleDefinition(RoleId id, String label, SkillId skill, List<String> failureModes,
                             ReflectionTemplate reflectionPrompt, ReflectionPolicy policy) {

    public static final int MAX_LABEL_CHARS = 200;
    public static final int MAX_FAILURE_MODES = 20;
    public static final int MAX_FAILURE_MODE_CHARS = 300;

    public RoleDefinition {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(skill, "skill");
        Objects.requireNonNull(reflectionPrompt, "reflectionPrompt");
        Objects.requireNonNull(policy, "policy");
        String own = skill.value();
        boolean single = id.value().equals(own);
        boolean variant = id.value().startsWith(own + ".")
                && RoleNames.SEGMENT.matcher(id.value().substring(own.length() + 1)).matches();
        if (!single && !variant) {
            throw new InvalidInputException("id", "must be the owning skill's id '" + own + "' or '" + own
                    + ".<variant>' (one more segment): " + id.value());
        }
        if (label == null || label.isBlank()) {
            throw new InvalidInputException("label", "must not be blank");
        }
        label = label.strip();
        if (label.length() > MAX_LABEL_CHARS || label.chars().anyMatch(Character::isISOControl)) {
            throw new InvalidInputException("label", "must be one line of at most " + MAX_LABEL_CHARS + " characters");
        }
        Objects.requireNonNull(failureModes, "failureModes");
        if (failureModes.isEmpty() || failureModes.size() > MAX_FAILURE_MODES) {
            throw new InvalidInputException("failureModes", "must list 1-" + MAX_FAILURE_MODES
                    + " failure modes: they anchor the reflection");
        }
        failureModes = failureModes.stream().map(mode -> {
            if (mode == null || mode.isBlank() || mode.strip().length() > MAX_FAILURE_MODE_CHARS
                    || mode.strip().chars().anyMatch(Character::isISOControl)) {
                throw new InvalidInputException("failureModes", "each must be one non-blank line of at most "
                        + MAX_FAILURE_MODE_CHARS + " characters");
            }
            return mode.strip();
        }).toList();
    }
}
