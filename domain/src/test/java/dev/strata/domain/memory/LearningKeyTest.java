package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LearningKeyTest {

    @Test
    void the_key_is_learn_topic_slug_and_claim_hash() {
        MemoryKey key = LearningKey.of("Risk Management / Stop-losses", "Trailing stops beat fixed stops in trends.");
        assertThat(key.value()).matches("learn:risk-management-stop-losses:[0-9a-f]{12}");
        assertThat(LearningKey.isLearningKey(key)).isTrue();
        assertThat(LearningKey.isLearningKey(MemoryKey.of("auth-approach"))).isFalse();
    }

    @Test
    void restatements_of_the_same_claim_hash_alike() {
        String hash = LearningKey.claimHash("Trailing stops beat fixed stops in trends.");
        assertThat(LearningKey.claimHash("  trailing   STOPS beat fixed stops in trends!! ")).isEqualTo(hash);
        assertThat(LearningKey.claimHash("Ｔrailing stops beat fixed stops in trends")).isEqualTo(hash);
        assertThat(LearningKey.claimHash("Trailing stops lose to fixed stops in trends")).isNotEqualTo(hash);
    }

    @Test
    void topics_are_kebab_case_without_accents() {
        assertThat(LearningKey.topicSlug("  Crédit Spreads 2026 ")).isEqualTo("credit-spreads-2026");
        assertThatThrownBy(() -> LearningKey.topicSlug("!!!"))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("topic"));
        assertThatThrownBy(() -> LearningKey.claimHash(" "))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("claim"));
    }

    @Test
    void the_confidence_tag_renders_and_parses_back() {
        ConfidenceTag tag = new ConfidenceTag(ConfidenceTag.Level.HIGH, 2, List.of("sec.gov", "bis.org"),
                LocalDate.parse("2026-11-01"));
        String content = "ETF inflows lead spot by a day " + tag.render();

        assertThat(tag.render()).isEqualTo("[confidence: high | corroborated: 2 | domains: sec.gov, bis.org | "
                + "verified: 2026-11-01]");
        assertThat(ConfidenceTag.find(content)).contains(tag);
        assertThat(ConfidenceTag.find("no tag here")).isEqualTo(Optional.empty());
    }

    @Test
    void malformed_tag_fields_are_named() {
        assertThatThrownBy(() -> ConfidenceTag.find("[confidence: sure | corroborated: 1 | domains: a.org | "
                + "verified: 2026-01-01]"))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("confidence"));
        assertThatThrownBy(() -> ConfidenceTag.find("[confidence: low | corroborated: 1 | domains: a.org | "
                + "verified: 2026-13-01]"))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("verified"));
        assertThatThrownBy(() -> new ConfidenceTag(ConfidenceTag.Level.LOW, 1, List.of("Not A Domain"),
                LocalDate.parse("2026-01-01")))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("domains"));
    }
}
