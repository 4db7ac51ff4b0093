package dev.strata.application.memory;

import dev.strata.application.vault.VaultService;
import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.retrieval.Arm;
import dev.strata.domain.retrieval.SearchMode;
import dev.strata.domain.vault.CredentialScrubber;
import dev.strata.domain.vault.InMemoryVaultStore;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

import static dev.strata.application.provenance.TestOrigins.AGENT_ACTOR;
import static dev.strata.application.provenance.TestOrigins.OPERATOR;
import static org.assertj.core.api.Assertions.assertThat;

/** The search result a reader sees: snippets never show a fragment of a registered secret. */
class SecretSafeSearchTest {

    private static final Tenant ME = Tenant.of("me");
    private static final String SECRET = "sk-live-4f9a8b7c6d5e";

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T09:00:00Z"));
    private final InMemoryMemoryStore store = new InMemoryMemoryStore();
    private final MemoryService memories = new MemoryService(store, new InMemoryAuditLog(), clock,
            MemoryLimits.DEFAULTS, Duration.ofDays(30));
    private final VaultService vault = new VaultService(new InMemoryVaultStore(), new CredentialScrubber(), clock, new InMemoryAuditLog());
    private final SecretSafeSearch search = new SecretSafeSearch(memories, vault.scrubber());

    private void write(String content) {
        memories.write(new WriteMemory(ME, "lesson", content, Metadata.EMPTY, Optional.of(Source.USER_MANUAL), OPERATOR));
    }

    private static String longContentWithTheSecret() {
        StringBuilder content = new StringBuilder("the live key is " + SECRET);
        for (int i = 0; i < 60; i++) {
            content.append(" filler").append(i);
        }
        return content.toString();
    }

    @Test
    void a_hit_whose_content_holds_a_secret_gets_a_snippet_cut_from_the_scrubbed_content() {
        vault.set(ME, "token", SECRET, true, AGENT_ACTOR);
        write(longContentWithTheSecret());

        SearchHit raw = memories.searchRanked(ME, "live", Optional.empty(), Optional.empty()).hits().getFirst().hit();
        SearchHit safe = search.search(ME, "live", Optional.empty(), Optional.empty()).hits().getFirst().hit();

        // The raw snippet marks the match inside the secret's text: a scrubber on the output no longer sees the value.
        assertThat(raw.snippet()).contains("4f9a8b7c6d5e");
        assertThat(safe.snippet()).doesNotContain("4f9a8b7c6d5e").doesNotContain("sk-live")
                .contains("[REDACTED:vault:token]").contains("**live**");
        assertThat(safe.memory()).isEqualTo(raw.memory());
        assertThat(safe.score()).isEqualTo(raw.score());
    }

    @Test
    void a_search_for_a_word_inside_the_secret_does_not_leak_it_either() {
        vault.set(ME, "token", SECRET, true, AGENT_ACTOR);
        write(longContentWithTheSecret());

        String snippet = search.search(ME, "4f9a8b7c6d5e", Optional.empty(), Optional.empty()).hits().getFirst()
                .hit().snippet();

        assertThat(snippet).doesNotContain("4f9a8b7c6d5e").contains("[REDACTED:vault:token]");
    }

    @Test
    void hits_without_a_secret_keep_their_snippet_arms_and_the_search_mode() {
        write("always use 0.5% slippage on swaps");
        SearchResults raw = memories.searchRanked(ME, "slippage", Optional.empty(), Optional.empty());

        SearchResults safe = search.search(ME, "slippage", Optional.empty(), Optional.empty());

        assertThat(safe).isEqualTo(raw);
        assertThat(safe.mode()).isEqualTo(SearchMode.KEYWORD);
        assertThat(safe.hits().getFirst().arms()).isEqualTo(Set.of(Arm.KEYWORD));
    }
}
