package dev.strata.application.vault;

import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.graph.SystemMetadata;
import dev.strata.domain.fact.FactNormalizer;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.vault.CredentialScrubber;
import dev.strata.domain.vault.RedactionPolicy;

import java.util.List;
import java.util.Objects;

/**
 * The policies a redaction sweep rewrites stored rows with: the vault's scrubber, and the same
 * derivations the write paths apply (a fact's dedup key, a memory's edges, with no system metadata,
 * as {@code MemoryService} derives them), so a swept row equals one written redacted.
 */
public final class SecretRedactionPolicy implements RedactionPolicy {

    private final CredentialScrubber scrubber;
    private final EdgeExtractor edges;

    public SecretRedactionPolicy(CredentialScrubber scrubber, EdgeExtractor edges) {
        this.scrubber = Objects.requireNonNull(scrubber, "scrubber");
        this.edges = Objects.requireNonNull(edges, "edges");
    }

    @Override
    public boolean holdsSecret(String text) {
        return scrubber.containsSecret(text);
    }

    @Override
    public String redact(Tenant owner, String text) {
        return scrubber.redactFor(owner, text);
    }

    @Override
    public String factKey(String content) {
        return FactNormalizer.normalize(content);
    }

    @Override
    public List<MemoryEdge> memoryEdges(String content) {
        return edges.extract(content, SystemMetadata.none());
    }
}
