package dev.strata.domain.snapshot;

import dev.strata.domain.memory.Category;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class InjectionTierTest {

    @Test
    void the_order_is_spec_02_s_with_user_stated_categories_right_after_lessons() {
        assertThat(InjectionTier.ORDER).extracting(InjectionTier::rule)
                .containsExactly("identity", "lesson", "user_stated", "decision", "context", "newest");
    }

    @Test
    void each_category_falls_in_exactly_one_tier_and_search_only_types_in_none() {
        assertThat(InjectionTier.of(Category.IDENTITY)).contains(InjectionTier.IDENTITY);
        assertThat(InjectionTier.of(Category.PREFERENCE)).contains(InjectionTier.USER_STATED);
        assertThat(InjectionTier.of(Category.PERSONALIZATION)).contains(InjectionTier.USER_STATED);
        assertThat(InjectionTier.of(Category.OBSERVATION)).contains(InjectionTier.OTHER);
        assertThat(InjectionTier.of(Category.resolve("custom_notes"))).contains(InjectionTier.OTHER);
        assertThat(InjectionTier.of(Category.REFERENCE)).isEmpty();
        assertThat(InjectionTier.of(Category.HISTORICAL)).isEmpty();
        for (Category c : List.of(Category.IDENTITY, Category.LESSON, Category.PREFERENCE, Category.PERSONALIZATION,
                Category.DECISION, Category.CONTEXT, Category.OBSERVATION, Category.ALERT, Category.FACT,
                Category.TRADE_OUTCOME, Category.REFERENCE, Category.HISTORICAL)) {
            assertThat(InjectionTier.ORDER.stream().filter(t -> t.filter().accepts(c)).toList())
                    .as(c.value()).isEqualTo(InjectionTier.of(c).stream().toList());
        }
    }
}
