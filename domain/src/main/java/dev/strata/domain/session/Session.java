package dev.strata.domain.session;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.prompt.AssembledPrompt;
import dev.strata.domain.prompt.PromptBlock;
import dev.strata.domain.workspace.IdentityMetadata;
import dev.strata.domain.workspace.WorkspaceNotice;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A frozen session (spec 01 "The frozen snapshot pattern", spec 04 "Frozen snapshot semantics"):
 * the prompt blocks assembled once at session start. It is a value, and stores keep it as written,
 * so its prompt is the same bytes for the whole life of the session whatever is written meanwhile;
 * writes show up in the next session.
 *
 * @param id        random, unguessable
 * @param tenant    whose memories and profile the blocks hold (the workspace is the server's)
 * @param createdAt when the snapshot was frozen
 * @param expiresAt from this instant on the session is gone
 * @param blocks    the prompt blocks in prompt order, as {@link dev.strata.domain.prompt.PromptAssembler} built them
 * @param identity  the agent's display metadata from IDENTITY.md, never prompt text
 * @param bootstrap true when the identity block carries BOOTSTRAP.md (the workspace's first session)
 * @param notices   what the workspace load reported (truncations, refusals, a missing workspace)
 */
public record Session(SessionId id, Tenant tenant, Instant createdAt, Instant expiresAt, List<PromptBlock> blocks,
                      IdentityMetadata identity, boolean bootstrap, List<WorkspaceNotice> notices) {

    /** Blocks are joined with one blank line between them, as {@link AssembledPrompt#render()} does. */
    public static final String BLOCK_SEPARATOR = "\n\n";

    public Session {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
        Objects.requireNonNull(identity, "identity");
        blocks = List.copyOf(blocks);
        notices = List.copyOf(notices);
        if (!expiresAt.isAfter(createdAt)) {
            throw new IllegalArgumentException("a session must expire after it is created");
        }
        if (blocks.stream().map(PromptBlock::name).collect(Collectors.toCollection(HashSet::new)).size() != blocks.size()) {
            throw new IllegalArgumentException("a session holds each block once");
        }
    }

    /** Freezes an assembled prompt into a session that lives for {@code ttl}. */
    public static Session freeze(SessionId id, Tenant tenant, Instant createdAt, Duration ttl, AssembledPrompt prompt,
                                 boolean bootstrap, List<WorkspaceNotice> notices) {
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("ttl must be positive");
        }
        return new Session(id, tenant, createdAt, createdAt.plus(ttl), prompt.blocks(), prompt.identity(), bootstrap,
                notices);
    }

    /** The whole prompt: the blocks' texts in order, separated by a blank line. */
    public String prompt() {
        return blocks.stream().map(PromptBlock::text).collect(Collectors.joining(BLOCK_SEPARATOR));
    }

    /** True from {@link #expiresAt()} on. */
    public boolean isExpiredAt(Instant now) {
        return !now.isBefore(expiresAt);
    }
}
