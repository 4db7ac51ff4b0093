package dev.strata.application.session;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.prompt.PromptBlock;
import dev.strata.domain.role.SkillId;

import java.util.List;
import java.util.Optional;

/**
 * Where a session's lessons block comes from (spec 05: the recent lessons of the roles the session's
 * active skills own). The session area asks, the role area answers; an interface here keeps the
 * session package from depending on the role package.
 */
@FunctionalInterface
public interface SessionLessons {

    /** No role area: no session ever has a lessons block. */
    SessionLessons NONE = (tenant, skills) -> Optional.empty();

    /**
     * The lessons block for a session of {@code tenant} whose active skills are {@code skills}, or empty
     * when those skills own no role with a lesson. The same stored lessons must give the same bytes.
     */
    Optional<PromptBlock> block(Tenant tenant, List<SkillId> skills);
}
