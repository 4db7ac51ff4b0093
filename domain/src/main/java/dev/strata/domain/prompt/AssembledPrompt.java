package dev.strata.domain.prompt;

import dev.strata.domain.workspace.IdentityMetadata;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The frozen prompt material of one session.
 *
 * @param blocks    in prompt order: identity (cached), lessons, memory, personalization; empty ones left out
 * @param identity  the agent's display metadata from IDENTITY.md, never part of the prompt text
 * @param conflicts where a derived layer contradicts the workspace (also rendered in the prompt)
 */
public record AssembledPrompt(List<PromptBlock> blocks, IdentityMetadata identity, List<PrecedenceConflict> conflicts) {

    public AssembledPrompt {
        blocks = List.copyOf(blocks);
        Objects.requireNonNull(identity, "identity");
        conflicts = List.copyOf(conflicts);
    }

    /** The blocks as one string, separated by a blank line (CLI dumps, tests). */
    public String render() {
        return blocks.stream().map(PromptBlock::text).collect(Collectors.joining("\n\n"));
    }
}
