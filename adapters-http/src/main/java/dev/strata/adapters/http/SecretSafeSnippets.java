package dev.strata.adapters.http;

import dev.strata.application.memory.SearchResults;
import dev.strata.domain.memory.QueryText;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.memory.Snippet;
import dev.strata.domain.vault.CredentialScrubber;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Search snippets are cut and decorated from the raw content: a window boundary can fall inside a
 * secret, a matched word inside it gets wrapped in {@code **}, and runs of whitespace are collapsed.
 * Any of those leaves a fragment the output scrubber cannot recognise as the registered value. For
 * the (rare) hits whose content holds a secret, the snippet is rebuilt here from the already
 * scrubbed content, so the secret is replaced whole before any cutting or marking happens.
 */
final class SecretSafeSnippets {

    private final CredentialScrubber scrubber;

    SecretSafeSnippets(CredentialScrubber scrubber) {
        this.scrubber = Objects.requireNonNull(scrubber, "scrubber");
    }

    /** The same guard over ranked results, keeping each hit's arms and the search mode. */
    SearchResults guard(SearchResults results, String query) {
        return new SearchResults(results.mode(), results.hits().stream()
                .map(f -> new SearchResults.Found(guard(f.hit(), query), f.arms())).toList());
    }

    List<SearchHit> guard(List<SearchHit> hits, String query) {
        return hits.stream().map(h -> guard(h, query)).toList();
    }

    private SearchHit guard(SearchHit hit, String query) {
        String content = hit.memory().content();
        if (!scrubber.containsSecret(content)) {
            return hit;
        }
        // The hit is the reader's own memory: its tenant is the one reading.
        String snippet = Snippet.of(scrubber.scrubFor(Optional.of(hit.memory().tenant()), content, Optional.empty()),
                QueryText.keywords(query), Snippet.DEFAULT_WINDOW_WORDS);
        return new SearchHit(hit.memory(), snippet, hit.score());
    }
}
