package dev.strata.domain.personalization;

import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** What every {@link UserTagStore} promises, run against the fake and the SQLite store alike. */
public abstract class UserTagStoreContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");
    protected static final UserId ANN = UserId.of("ann");
    protected static final Instant T0 = Instant.parse("2026-01-01T10:00:00.123Z");

    protected UserTagStore store;

    protected abstract UserTagStore createStore();

    /** Writes a row exactly as given, bypassing the typed API (a v1 row, a hand-edited one). */
    protected abstract void insertRaw(Tenant tenant, StoredTagRow row);

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    static UserTag tag(TagDimension d, TagSource source, Instant at, String... values) {
        TagValue v = d.multiSelect() ? TagValue.multi(d, List.of(values), "value") : TagValue.single(d, values[0], "value");
        return new UserTag(ANN, v, source, at);
    }

    @Test
    void a_written_tag_reads_back_with_its_value_source_and_time() {
        UserTag risk = tag(TagDimension.RISK, TagSource.USER, T0, "balanced");

        assertThat(store.replace(ALICE, Optional.empty(), risk)).isTrue();

        assertThat(store.find(ALICE, ANN, TagDimension.RISK)).contains(risk);
        assertThat(store.all(ALICE, ANN)).containsExactly(risk);
    }

    @Test
    void markets_is_stored_as_a_json_array_string_in_schema_order() {
        store.replace(ALICE, Optional.empty(), tag(TagDimension.MARKETS, TagSource.INFERRED, T0, "memes", "crypto_majors"));

        assertThat(store.rawRows(ALICE)).extracting(StoredTagRow::value).containsExactly("[\"crypto_majors\",\"memes\"]");
        assertThat(store.find(ALICE, ANN, TagDimension.MARKETS).orElseThrow().value().values())
                .containsExactly("crypto_majors", "memes");
    }

    @Test
    void the_personality_dimensions_are_stored_under_their_v1_names() {
        store.replace(ALICE, Optional.empty(), tag(TagDimension.FOMO_INDEX, TagSource.INFERRED, T0, "Very High"));

        assertThat(store.rawRows(ALICE)).extracting(StoredTagRow::dimension, StoredTagRow::value, StoredTagRow::source)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("FOMO Index", "Very High", "inferred"));
    }

    @Test
    void a_replace_with_a_stale_expectation_writes_nothing() {
        UserTag first = tag(TagDimension.RISK, TagSource.INFERRED, T0, "balanced");
        UserTag declared = tag(TagDimension.RISK, TagSource.USER, T0.plusSeconds(1), "conservative");
        store.replace(ALICE, Optional.empty(), first);
        store.replace(ALICE, Optional.of(first), declared);

        boolean written = store.replace(ALICE, Optional.of(first),
                tag(TagDimension.RISK, TagSource.INFERRED, T0.plusSeconds(2), "aggressive"));

        assertThat(written).isFalse();
        assertThat(store.find(ALICE, ANN, TagDimension.RISK)).contains(declared);
    }

    @Test
    void expecting_no_row_fails_when_a_row_exists() {
        UserTag first = tag(TagDimension.STYLE, TagSource.USER, T0, "technical");
        store.replace(ALICE, Optional.empty(), first);

        assertThat(store.replace(ALICE, Optional.empty(), tag(TagDimension.STYLE, TagSource.USER, T0, "narrative")))
                .isFalse();
        assertThat(store.find(ALICE, ANN, TagDimension.STYLE)).contains(first);
    }

    @Test
    void the_expected_source_matters_as_much_as_the_value() {
        UserTag declared = tag(TagDimension.RISK, TagSource.USER, T0, "balanced");
        store.replace(ALICE, Optional.empty(), declared);

        boolean written = store.replace(ALICE, Optional.of(tag(TagDimension.RISK, TagSource.INFERRED, T0, "balanced")),
                tag(TagDimension.RISK, TagSource.INFERRED, T0, "aggressive"));

        assertThat(written).isFalse();
        assertThat(store.find(ALICE, ANN, TagDimension.RISK)).contains(declared);
    }

    @Test
    void all_lists_tags_in_dimension_order_and_skips_rows_the_schema_does_not_know() {
        store.replace(ALICE, Optional.empty(), tag(TagDimension.GREED_INDEX, TagSource.INFERRED, T0, "Low"));
        store.replace(ALICE, Optional.empty(), tag(TagDimension.FINANCE_KNOWLEDGE, TagSource.USER, T0, "level_2"));
        insertRaw(ALICE, new StoredTagRow("ann", "Risk Profile", "Moderate", "inferred", T0));
        insertRaw(ALICE, new StoredTagRow("ann", "style", "charts", "inferred", T0));
        insertRaw(ALICE, new StoredTagRow("ann", "frequency", "daily", "guessed", T0));

        assertThat(store.all(ALICE, ANN)).extracting(UserTag::dimension)
                .containsExactly(TagDimension.FINANCE_KNOWLEDGE, TagDimension.GREED_INDEX);
        assertThat(store.find(ALICE, ANN, TagDimension.STYLE)).isEmpty();
        assertThat(store.rawRows(ALICE)).hasSize(5);
    }

    @Test
    void tags_of_one_tenant_or_user_are_invisible_to_another() {
        store.replace(ALICE, Optional.empty(), tag(TagDimension.RISK, TagSource.USER, T0, "aggressive"));

        assertThat(store.all(BOB, ANN)).isEmpty();
        assertThat(store.find(BOB, ANN, TagDimension.RISK)).isEmpty();
        assertThat(store.all(ALICE, UserId.DEFAULT)).isEmpty();
        assertThat(store.rawRows(BOB)).isEmpty();
        assertThat(store.delete(BOB, ANN, TagDimension.RISK)).isFalse();
        assertThat(store.replace(BOB, Optional.of(tag(TagDimension.RISK, TagSource.USER, T0, "aggressive")),
                tag(TagDimension.RISK, TagSource.USER, T0, "conservative"))).isFalse();
        assertThat(store.find(ALICE, ANN, TagDimension.RISK).orElseThrow().value().first()).isEqualTo("aggressive");
        assertThat(store.tenants()).containsExactly(ALICE);
    }

    @Test
    void delete_removes_one_dimension_only() {
        store.replace(ALICE, Optional.empty(), tag(TagDimension.RISK, TagSource.USER, T0, "aggressive"));
        store.replace(ALICE, Optional.empty(), tag(TagDimension.STYLE, TagSource.USER, T0, "technical"));

        assertThat(store.delete(ALICE, ANN, TagDimension.RISK)).isTrue();
        assertThat(store.delete(ALICE, ANN, TagDimension.RISK)).isFalse();
        assertThat(store.all(ALICE, ANN)).extracting(UserTag::dimension).containsExactly(TagDimension.STYLE);
    }

    @Test
    void migrate_removes_the_rows_as_stored_and_writes_the_new_ones() {
        StoredTagRow v1 = new StoredTagRow("ann", "Risk Profile", "Moderate", "user", T0);
        StoredTagRow tier = new StoredTagRow("ann", "Asset Tier", "Whale", "inferred", T0);
        StoredTagRow other = new StoredTagRow("ann", "Mood", "Sunny", "inferred", T0);
        insertRaw(ALICE, v1);
        insertRaw(ALICE, tier);
        insertRaw(ALICE, other);
        UserTag risk = tag(TagDimension.RISK, TagSource.USER, T0, "balanced");

        store.migrate(ALICE, List.of(v1, tier), List.of(risk));

        assertThat(store.rawRows(ALICE)).extracting(StoredTagRow::dimension).containsExactlyInAnyOrder("risk", "Mood");
        assertThat(store.find(ALICE, ANN, TagDimension.RISK)).contains(risk);
    }

    @Test
    void migrate_leaves_a_row_that_changed_since_it_was_planned() {
        StoredTagRow planned = new StoredTagRow("ann", "Asset Tier", "Whale", "inferred", T0);
        insertRaw(ALICE, new StoredTagRow("ann", "Asset Tier", "Shrimp", "inferred", T0));

        store.migrate(ALICE, List.of(planned), List.of());

        assertThat(store.rawRows(ALICE)).extracting(StoredTagRow::value).containsExactly("Shrimp");
    }
}
