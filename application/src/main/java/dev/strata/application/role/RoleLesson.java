package dev.strata.application.role;

import dev.strata.domain.role.Classification;
import dev.strata.domain.role.RoleId;
import dev.strata.domain.role.RoleMemoryEntry;
import dev.strata.domain.role.RoleMemoryId;
import dev.strata.domain.role.SkillId;

import java.time.Instant;
import java.util.Objects;

/** A lesson as recall and the session's lessons block show it: which role learned what, from which entry, when. */
public record RoleLesson(RoleId role, SkillId skill, RoleMemoryId entry, Classification classification, String lesson,
                         Instant reflectedAt) {

    public RoleLesson {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(skill, "skill");
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(classification, "classification");
        Objects.requireNonNull(lesson, "lesson");
        Objects.requireNonNull(reflectedAt, "reflectedAt");
    }

    static RoleLesson of(RoleMemoryEntry e, SkillId skill) {
        var r = e.reflection().orElseThrow();
        return new RoleLesson(e.role(), skill, e.id(), r.classification(), r.lesson().orElseThrow(), r.reflectedAt());
    }
}
