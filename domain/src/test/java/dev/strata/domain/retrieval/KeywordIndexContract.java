package dev.strata.domain.retrieval;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.MemoryStore;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What every {@link KeywordIndex} promises over the memories its {@link MemoryStore} holds, run
 * against the in-memory fake and the SQLite adapter. Subclasses provide a fresh, empty pair.
 */
public abstract class KeywordIndexContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");
    private static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");

    /** A memory store and the keyword index over its rows. */
    public record Pair(MemoryStore memories, KeywordIndex index) {
    }

    protected abstract Pair create();

    private MemoryStore memories;
    private KeywordIndex index;

    @BeforeEach
    void fresh() {
        Pair pair = create();
        memories = pair.memories();
        index = pair.index();
    }

    private Memory write(Tenant tenant, Category category, String content) {
        return memories.insert(new NewMemory(tenant, category, content, Metadata.EMPTY, Source.USER_MANUAL), T0);
    }

    @Test
    void matching_keeps_those_of_the_given_rows_a_column_filter_accepts() {
        Memory lesson = write(ALICE, Category.LESSON, "trail BTC stops by 8 percent");
        Memory preference = write(ALICE, Category.PREFERENCE, "user prefers BTC over ETH");
        Memory otherLesson = write(ALICE, Category.LESSON, "never chase pumps");

        assertThat(index.matching(ALICE, "category:lesson", List.of(lesson.id(), preference.id())))
                .containsExactly(lesson.id());
        assertThat(index.matching(ALICE, "category:lesson", List.of(preference.id()))).isEmpty();
        assertThat(index.matching(ALICE, "category:lesson", List.of())).isEmpty();
        assertThat(otherLesson.id()).isNotNull();
    }

    @Test
    void matching_reads_phrases_and_not_like_the_keyword_arm() {
        Memory always = write(ALICE, Category.PREFERENCE, "always use 0.5% slippage on swaps");
        Memory use = write(ALICE, Category.PREFERENCE, "use always the limit orders");
        List<MemoryId> both = List.of(always.id(), use.id());

        assertThat(index.matching(ALICE, "\"always use\"", both)).containsExactly(always.id());
        assertThat(index.matching(ALICE, "(use) NOT (slippage)", both)).containsExactly(use.id());
        assertThat(index.matching(ALICE, "(category:preference) AND (\"limit orders\")", both))
                .containsExactly(use.id());
    }

    @Test
    void matching_never_answers_with_another_tenants_or_a_deleted_row() {
        Memory mine = write(ALICE, Category.LESSON, "lesson about stops");
        Memory theirs = write(BOB, Category.LESSON, "lesson about stops");
        Memory deleted = write(ALICE, Category.LESSON, "lesson about stops too");
        memories.softDelete(ALICE, deleted.id(), T0);

        assertThat(index.matching(ALICE, "stops", List.of(mine.id(), theirs.id(), deleted.id())))
                .containsExactly(mine.id());
    }

    @Test
    void an_expression_the_index_cannot_parse_is_invalid_input() {
        Memory m = write(ALICE, Category.LESSON, "x");

        assertThatThrownBy(() -> index.matching(ALICE, "\"unbalanced", List.of(m.id())))
                .isInstanceOf(InvalidInputException.class);
    }

    @Test
    void a_term_few_rows_hold_is_rare_and_names_the_tenants_rows() {
        Memory mine = write(ALICE, Category.OBSERVATION, "the code word is zq7fox");
        write(BOB, Category.OBSERVATION, "zq7fox again");
        write(ALICE, Category.OBSERVATION, "nothing here");

        assertThat(index.rareTerms(ALICE, List.of("zq7fox", "absent"), 2))
                .isEqualTo(Map.of("zq7fox", Set.of(mine.id()), "absent", Set.of()));
    }

    @Test
    void a_term_more_rows_hold_than_asked_is_not_rare_whichever_tenant_holds_them() {
        write(ALICE, Category.OBSERVATION, "common word");
        write(BOB, Category.OBSERVATION, "common word");
        write(BOB, Category.OBSERVATION, "common word");

        assertThat(index.rareTerms(ALICE, List.of("common"), 2)).isEmpty();
        assertThat(index.rareTerms(ALICE, List.of("common"), 3).get("common")).hasSize(1);
    }

    @Test
    void size_counts_at_least_every_row() {
        assertThat(index.size()).isGreaterThanOrEqualTo(0);
        write(ALICE, Category.OBSERVATION, "a");
        write(BOB, Category.OBSERVATION, "b");

        assertThat(index.size()).isGreaterThanOrEqualTo(2);
    }
}
