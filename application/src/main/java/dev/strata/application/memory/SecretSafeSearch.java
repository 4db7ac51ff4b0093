package dev.strata.application.memory;

import dev.strata.domain.memory.QueryText;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.memory.Snippet;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.memory.TimeScope;
import dev.strata.domain.vault.CredentialScrubber;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Memory search as a reader sees it (the REST search and the {@code memory_search} tool): the
 * ranked results of {@link MemoryService#searchRanked}, with snippets that cannot leak a secret.
 *
 * <p>Snippets are cut and decorated from the raw content: a window boundary can fall inside a
 * secret, a matched word inside it gets wrapped in {@code **}, and runs of whitespace are
 * collapsed. Any of those leaves a fragment an output scrubber cannot recognise as the registered
 * value. For the (rare) hits whose content holds a secret, the snippet is rebuilt from the
 * already scrubbed content, so the secret is replaced whole before any cutting or marking happens.
 */
public final class SecretSafeSearch {

    private final MemoryService memories;
    private final CredentialScrubber scrubber;

    public SecretSafeSearch(MemoryService memories, CredentialScrubber scrubber) {
        this.memories = Objects.requireNonNull(memories, "memories");
        this.scrubber = Objects.requireNonNull(scrubber, "scrubber");
    }

    public SearchResults search(Tenant tenant, String query, Optional<Integer> limit, Optional<String> category) {
        return search(tenant, query, limit, category, TimeScope.NONE, Optional.empty());
    }

    /** Search scoped in time (see {@link MemoryService#searchRanked(Tenant, String, Optional, Optional, TimeScope, Optional)}). */
    public SearchResults search(Tenant tenant, String query, Optional<Integer> limit, Optional<String> category,
                                TimeScope scope, Optional<Instant> reference) {
        SearchResults results = memories.searchRanked(tenant, query, limit, category, scope, reference);
        return new SearchResults(results.mode(), results.hits().stream()
                .map(found -> new SearchResults.Found(guard(found.hit(), query), found.arms())).toList());
    }

    private SearchHit guard(SearchHit hit, String query) {
        String content = hit.memory().content();
        if (!scrubber.containsSecret(content)) {
            return hit;
        }
        // The hit is the reader's own memory: its tenant is the one reading.
        String snippet = Snippet.of(scrubber.scrubFor(Optional.of(hit.memory().tenant()), content, Optional.empty()),
                QueryText.keywords(query), Snippet.DEFAULT_WINDOW_WORDS);
        return hit.withSnippet(snippet);
    }
}
