package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** A term once seen common is not looked up again for a while; a purge can make it rare, seen after that while. */
class SqliteKeywordIndexCommonTermsTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");

    @TempDir
    Path dir;

    private SqliteDatabase db;
    private SqliteMemoryStore store;
    private final AtomicLong nanos = new AtomicLong();
    private SqliteKeywordIndex index;

    @BeforeEach
    void open() {
        db = TempDatabase.open(dir);
        store = new SqliteMemoryStore(db);
        index = new SqliteKeywordIndex(db, nanos::get);
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void a_term_made_rare_by_a_purge_is_rare_again_once_the_memory_of_it_being_common_has_passed() {
        List<Memory> holders = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            holders.add(write("trail stops on kestrel " + i));
        }
        Memory kept = write("kestrel keeps its stops");
        assertThat(index.rareTerms(ALICE, List.of("kestrel"), 2)).isEmpty();

        holders.forEach(m -> store.softDelete(ALICE, m.id(), T0));
        assertThat(store.purgeDeleted(T0.plusSeconds(1))).hasSize(4);

        nanos.addAndGet(SqliteKeywordIndex.COMMON_TERM_MEMORY.toNanos() - 1);
        assertThat(index.rareTerms(ALICE, List.of("kestrel"), 2))
                .as("still remembered as common").isEmpty();

        nanos.addAndGet(1);
        assertThat(index.rareTerms(ALICE, List.of("kestrel"), 2).get("kestrel")).containsExactly(kept.id());
    }

    @Test
    void a_term_remembered_common_for_a_smaller_bound_is_looked_up_again_for_a_larger_one() {
        for (int i = 0; i < 3; i++) {
            write("osprey sighting " + i);
        }
        assertThat(index.rareTerms(ALICE, List.of("osprey"), 2)).isEmpty();
        assertThat(index.rareTerms(ALICE, List.of("osprey"), 3).get("osprey")).hasSize(3);
    }

    @Test
    void remembered_common_terms_do_not_hide_a_rare_term_asked_beside_them() {
        for (int i = 0; i < 4; i++) {
            write("heron notes " + i);
        }
        Memory rare = write("heron and zq7fox");
        assertThat(index.rareTerms(ALICE, List.of("heron"), 2)).isEmpty();
        assertThat(index.rareTerms(ALICE, List.of("heron", "zq7fox"), 2))
                .containsOnlyKeys("zq7fox")
                .hasEntrySatisfying("zq7fox", ids -> assertThat(ids).containsExactly(rare.id()));
    }

    private Memory write(String content) {
        return store.insert(new NewMemory(ALICE, Category.LESSON, content, Metadata.EMPTY, Source.USER_MANUAL), T0);
    }
}
