package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CategoryTest {

    @ParameterizedTest
    @CsvSource({"core,identity", "self,identity", "warning,lesson", "insight,lesson", "learning,lesson",
            "commitment,decision", "choice,decision", "active,context", "background,context", "pointer,reference",
            "link,reference", "archive,historical", "past,historical", "' Warning ',lesson", "PREFERENCE,preference"})
    void aliasesAndCaseResolveToTheCanonicalCategory(String raw, String canonical) {
        assertThat(Category.resolve(raw).value()).isEqualTo(canonical);
    }

    @Test
    void the_whole_vocabulary_is_known_and_aliases_are_not_categories_of_their_own() {
        assertThat(Category.KNOWN).extracting(Category::value).containsExactlyInAnyOrder("preference", "observation",
                "trade_outcome", "lesson", "personalization", "alert", "reference", "fact", "identity", "decision",
                "context", "historical");
        for (String alias : Category.ALIASES.keySet()) {
            assertThatThrownBy(() -> new Category(alias)).isInstanceOf(InvalidInputException.class);
        }
    }

    @Test
    void unknown_slugs_are_allowed_but_not_known() {
        Category custom = Category.resolve("watchlist_note");
        assertThat(custom.value()).isEqualTo("watchlist_note");
        assertThat(custom.isKnown()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "has space", "dash-ed", "9starts_with_digit", "émoji", "x;drop",
            "a_very_long_category_name_over_forty_chars"})
    void nonSlugsAreRejectedNamingTheField(String raw) {
        assertThatThrownBy(() -> Category.resolve(raw))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("category"));
    }
}
