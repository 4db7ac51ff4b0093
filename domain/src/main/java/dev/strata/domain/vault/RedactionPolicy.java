package dev.strata.domain.vault;

import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.memory.Tenant;

import java.util.List;

/**
 * What a {@link StoredTextRedaction} rewrites with: the use case's policies, handed to the store so
 * that the store only finds, reads and writes rows. A rewritten row's derived columns are computed
 * here exactly as the write path computes them, so a redacted row is indistinguishable from one
 * written redacted.
 */
public interface RedactionPolicy {

    /** Whether {@code text} holds a registered secret in any form. */
    boolean holdsSecret(String text);

    /** {@code text} with every secret replaced, labelled as {@code owner} sees it. */
    String redact(Tenant owner, String text);

    /** The dedup key of a fact's (redacted) content. */
    String factKey(String content);

    /** The typed edges a memory's (redacted) content implies. */
    List<MemoryEdge> memoryEdges(String content);
}
