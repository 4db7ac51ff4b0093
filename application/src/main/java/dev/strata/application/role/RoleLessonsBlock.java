package dev.strata.application.role;

import dev.strata.application.session.SessionLessons;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.prompt.PromptBlock;
import dev.strata.domain.prompt.PromptRenderer;
import dev.strata.domain.prompt.Rendered;
import dev.strata.domain.role.SkillId;

import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A session's lessons block (spec 05: the prompt builder injects a role's recent lessons back into the
 * prompt of the skill that owns it). The session names its active skills; the block holds the newest
 * {@code limit} lessons of the roles they own, grouped by role in role-id order, newest lesson first
 * within a role. Only stored values appear (no clock, no counts of anything else), so the same stored
 * lessons always give the same bytes; with no lesson there is no block at all.
 *
 * <pre>
 * ## Lessons from past decisions (learned from measured outcomes; apply them where they fit)
 *
 * ### analysis.valuation.target_price: Target price call
 *
 * - 2026-03-09 (logic_error): Check funding before calling a top.
 * </pre>
 *
 * Lessons are model output about stored decisions, so each goes through the renderer as a stored value.
 */
public final class RoleLessonsBlock implements SessionLessons {

    static final String HEADING = "## Lessons from past decisions (learned from measured outcomes; apply them where "
            + "they fit)";

    private final RoleMemoryService roles;
    private final int limit;

    /** @param limit how many lessons one session's block holds at most ({@code strata.roles.session-lessons}) */
    public RoleLessonsBlock(RoleMemoryService roles, int limit) {
        this.roles = Objects.requireNonNull(roles, "roles");
        RoleMemoryService.checkLimit(limit);
        this.limit = limit;
    }

    @Override
    public Optional<PromptBlock> block(Tenant tenant, List<SkillId> skills) {
        List<RoleLesson> lessons = roles.lessonsForSkills(tenant, skills, limit);
        if (lessons.isEmpty()) {
            return Optional.empty();
        }
        Map<String, List<RoleLesson>> byRole = new TreeMap<>();
        lessons.forEach(l -> byRole.computeIfAbsent(l.role().value(), k -> new ArrayList<>()).add(l));
        List<Rendered> sections = new ArrayList<>();
        sections.add(PromptRenderer.literal(HEADING));
        byRole.forEach((role, own) -> {
            own.sort(Comparator.comparing(RoleLesson::reflectedAt).reversed()
                    .thenComparing(l -> l.entry().value(), Comparator.reverseOrder()));
            Rendered.Builder section = Rendered.builder().literal("### ").value(role).literal(": ")
                    .value(roles.role(role).label()).literal("\n");
            for (RoleLesson lesson : own) {
                section.literal("\n- ").literal(lesson.reflectedAt().atOffset(ZoneOffset.UTC).toLocalDate().toString())
                        .literal(" (").literal(lesson.classification().wireName()).literal("): ").value(lesson.lesson());
            }
            sections.add(section.build());
        });
        return Optional.of(PromptBlock.of(PromptBlock.LESSONS, sections, false));
    }
}
