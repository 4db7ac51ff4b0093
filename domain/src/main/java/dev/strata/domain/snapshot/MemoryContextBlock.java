package dev.strata.domain.snapshot;

import dev.strata.domain.fact.Fact;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.profile.ProfileEntry;
import dev.strata.domain.prompt.PromptFence;
import dev.strata.domain.prompt.PromptRenderer;

import java.util.List;

/**
 * Renders the fenced {@code <memory-context>} block of spec 01. It is injected into a system prompt
 * whose prefix is cached, so the rendering is a pure function of its inputs: the same state renders
 * the same bytes. Every stored text (profile values, memory content and keys, facts) goes through
 * the {@link PromptRenderer}: each entry stays on one line, flagged text is quoted as data, and no
 * entry can close the fence early, forge a new section, imitate the System note or start a role
 * turn. Keyed entries (spec 02) show their key: {@code [decision] [auth-approach]: JWT with 1h expiry}.
 */
public final class MemoryContextBlock {

    public static final String OPEN = PromptFence.MEMORY_CONTEXT_OPEN;
    public static final String CLOSE = PromptFence.MEMORY_CONTEXT_CLOSE;
    static final String SYSTEM_NOTE = PromptFence.SYSTEM_NOTE;

    private MemoryContextBlock() {
    }

    /**
     * @param profile  entries in render order (the store returns them sorted by key)
     * @param memories entries in render order (newest first)
     */
    public static String render(List<ProfileEntry> profile, List<Memory> memories) {
        return render(profile, memories, List.of());
    }

    /**
     * The block with the general fact layer's active facts as {@code [fact]} lines, after the
     * memories: facts change rarely and are given oldest first, so a new fact only appends to the
     * section and the text before it stays byte-identical. Facts are scanned and quoted exactly as
     * memories are.
     *
     * @param facts active facts in render order (oldest first)
     */
    public static String render(List<ProfileEntry> profile, List<Memory> memories, List<Fact> facts) {
        StringBuilder out = new StringBuilder(256 + memories.size() * 96);
        out.append(OPEN).append('\n').append(SYSTEM_NOTE).append('\n');
        if (!profile.isEmpty()) {
            out.append("\n## User Profile\n");
            for (ProfileEntry e : profile) {
                out.append("- ").append(PromptRenderer.inline(e.key()).text()).append(": ")
                        .append(PromptRenderer.inline(e.value()).text()).append('\n');
            }
        }
        if (!memories.isEmpty() || !facts.isEmpty()) {
            out.append("\n## Observations\n");
            for (Memory m : memories) {
                out.append('[').append(PromptRenderer.inline(m.category().value()).text()).append("] ");
                m.key().ifPresent(k -> out.append('[').append(PromptRenderer.inline(k.value()).text()).append("]: "));
                out.append(PromptRenderer.inline(m.content()).text()).append('\n');
            }
            for (Fact f : facts) {
                out.append("[fact] ").append(PromptRenderer.inline(f.content()).text()).append('\n');
            }
        }
        out.append(CLOSE);
        return PromptFence.requireMemoryContext(out.toString());
    }
}
