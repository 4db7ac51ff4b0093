package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MemoryTypeTest {

    @Test
    void the_default_type_is_context_and_aliases_resolve() {
        assertThat(MemoryType.resolve(Optional.empty())).isEqualTo(Category.CONTEXT);
        assertThat(MemoryType.resolve(Optional.of("warning"))).isEqualTo(Category.LESSON);
        assertThat(MemoryType.resolve(Optional.of("archive"))).isEqualTo(Category.HISTORICAL);
    }

    @Test
    void only_the_six_types_are_accepted_naming_the_type_field() {
        assertThatThrownBy(() -> MemoryType.resolve(Optional.of("preference")))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("type"));
        assertThatThrownBy(() -> MemoryType.resolve(Optional.of("Not a type!")))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("type"));
    }

    @Test
    void wording_that_points_elsewhere_gets_a_suggestion_and_matching_wording_none() {
        assertThat(MemoryType.suggestion(Category.CONTEXT, "Never deploy on Fridays, it caused incident #42"))
                .contains(Category.LESSON);
        assertThat(MemoryType.suggestion(Category.LESSON, "Never deploy on Fridays")).isEmpty();
        assertThat(MemoryType.suggestion(Category.CONTEXT, "Q1 migration completed on 2026-03-15"))
                .contains(Category.HISTORICAL);
        assertThat(MemoryType.suggestion(Category.CONTEXT, "working on the payments dashboard")).isEmpty();
    }
}
