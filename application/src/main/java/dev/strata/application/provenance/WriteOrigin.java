package dev.strata.application.provenance;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Source;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Where a write comes from, and so which provenance ({@link Source}) it may claim: spec 01's
 * sources say who stated a memory, and rows a person stated are protected (consolidation never
 * retires a {@code user_manual} row), so an agent must not be able to claim one. Each surface has a
 * default and a set it may claim; anything else is refused with a 400 naming {@code source}:
 *
 * <table>
 *   <tr><th>surface</th><th>factory</th><th>default</th><th>may also claim</th></tr>
 *   <tr><td>a person's surface (REST writes)</td><td>{@link #person}</td><td>user_manual</td>
 *       <td>user_explicit, chat_extracted, agent_recorded</td></tr>
 *   <tr><td>an agent tool call</td><td>{@link #agentTool}</td><td>agent_recorded</td>
 *       <td>user_explicit, chat_extracted</td></tr>
 *   <tr><td>the learning loop</td><td>{@link #learningLoop}</td><td>learned_preference</td>
 *       <td>agent_recorded</td></tr>
 *   <tr><td>the personalization and memory rebuilders</td><td>{@link #rebuilder}</td><td>inferred</td>
 *       <td>chat_extracted</td></tr>
 *   <tr><td>the operator's own tools (CLI, bench, eval, import)</td><td>{@link #operator}</td>
 *       <td>user_manual</td><td>every source</td></tr>
 * </table>
 *
 * <p>Only trusted callers build the privileged origins: the architecture tests allow
 * {@link #learningLoop} only in {@code application.learning}, {@link #rebuilder} only in
 * {@code application.personalization} and {@code application.conversation}, {@link #person} only in
 * the HTTP adapter outside its tool front end (and bootstrap), {@link #operator} only in bootstrap.
 * {@link #agentTool}, the least trusted, may be built anywhere. Until API keys carry scopes (the web
 * page's issue) every REST write counts as a person's.
 */
public final class WriteOrigin {

    /** The kinds of surface a write can come from. */
    public enum Surface {
        PERSON(Source.USER_MANUAL, EnumSet.of(Source.USER_MANUAL, Source.USER_EXPLICIT, Source.CHAT_EXTRACTED,
                Source.AGENT_RECORDED)),
        AGENT_TOOL(Source.AGENT_RECORDED, EnumSet.of(Source.AGENT_RECORDED, Source.USER_EXPLICIT,
                Source.CHAT_EXTRACTED)),
        LEARNING_LOOP(Source.LEARNED_PREFERENCE, EnumSet.of(Source.LEARNED_PREFERENCE, Source.AGENT_RECORDED)),
        REBUILDER(Source.INFERRED, EnumSet.of(Source.INFERRED, Source.CHAT_EXTRACTED)),
        OPERATOR(Source.USER_MANUAL, EnumSet.allOf(Source.class));

        private final Source defaultSource;
        private final Set<Source> claimable;

        Surface(Source defaultSource, Set<Source> claimable) {
            this.defaultSource = defaultSource;
            this.claimable = claimable;
        }

        String label() {
            return switch (this) {
                case PERSON -> "a person's surface (REST)";
                case AGENT_TOOL -> "an agent tool";
                case LEARNING_LOOP -> "the learning loop";
                case REBUILDER -> "a rebuilder";
                case OPERATOR -> "the operator";
            };
        }
    }

    /** The sources a fact of the general fact layer may carry: facts are agent-side statements. */
    private static final Set<Source> FACT_SOURCES = EnumSet.of(Source.AGENT_RECORDED, Source.USER_EXPLICIT,
            Source.CHAT_EXTRACTED);

    private final Surface surface;
    private final Actor actor;

    private WriteOrigin(Surface surface, Actor actor) {
        this.surface = Objects.requireNonNull(surface, "surface");
        this.actor = Objects.requireNonNull(actor, "actor");
    }

    /** A person's surface: a REST write (every REST write until API keys carry scopes). */
    public static WriteOrigin person(Actor actor) {
        return new WriteOrigin(Surface.PERSON, actor);
    }

    /** An agent tool call (the tool registry, whatever front end serves it). */
    public static WriteOrigin agentTool(Actor actor) {
        return new WriteOrigin(Surface.AGENT_TOOL, actor);
    }

    /** The learning loop: a graduated preference promoted to a memory, a trade outcome. */
    public static WriteOrigin learningLoop(Actor actor) {
        return new WriteOrigin(Surface.LEARNING_LOOP, actor);
    }

    /** The personalization rebuilder (inferred from chat history) and the memory rebuilder (chat-turn scans). */
    public static WriteOrigin rebuilder(Actor actor) {
        return new WriteOrigin(Surface.REBUILDER, actor);
    }

    /** The operator's own tools in bootstrap: the command line, benchmarks, evaluations, imports. */
    public static WriteOrigin operator(Actor actor) {
        return new WriteOrigin(Surface.OPERATOR, actor);
    }

    public Surface surface() {
        return surface;
    }

    /** Who made the write: recorded as the row's {@code updated_by} and in the audit log. */
    public Actor actor() {
        return actor;
    }

    /** The sources this origin may claim. */
    public Set<Source> claimable() {
        return Set.copyOf(surface.claimable);
    }

    /** The source of a memory write: the claim if this origin may make it, its default without one. */
    public Source resolve(Optional<Source> claimed) {
        return check(claimed.orElse(surface.defaultSource), surface.claimable);
    }

    /** The source of a recorded fact: agent-side only ({@code agent_recorded} by default). */
    public Source resolveFact(Optional<Source> claimed) {
        Set<Source> allowed = EnumSet.copyOf(surface.claimable);
        allowed.retainAll(FACT_SOURCES);
        if (allowed.isEmpty()) {
            throw new InvalidInputException("source", surface.label() + " records no facts");
        }
        return check(claimed.orElse(Source.AGENT_RECORDED), allowed);
    }

    private Source check(Source source, Set<Source> allowed) {
        if (!allowed.contains(source)) {
            throw new InvalidInputException("source", "'" + source.wireName() + "' cannot be claimed by "
                    + surface.label() + "; it may claim " + names(allowed) + (source == Source.USER_MANUAL
                    ? " (user_manual comes only from a person's surface)" : ""));
        }
        return source;
    }

    private static String names(Set<Source> sources) {
        return Arrays.stream(Source.values()).filter(sources::contains).map(Source::wireName)
                .collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return surface.name().toLowerCase(Locale.ROOT) + " by " + actor;
    }
}
