package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Category;
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

import static org.assertj.core.api.Assertions.assertThat;

class DocumentFrequenciesTest {

    @TempDir
    Path dir;

    private SqliteDatabase db;
    private SqliteMemoryStore store;
    private DocumentFrequencies frequencies;

    @BeforeEach
    void open() {
        db = TempDatabase.open(dir);
        store = new SqliteMemoryStore(db);
        frequencies = new DocumentFrequencies();
    }

    @AfterEach
    void close() {
        db.close();
    }

    private long of(String term, int bound, long maxId) {
        try (JdbcReads reads = new JdbcReads(db)) {
            return frequencies.of(reads, term, bound, maxId);
        }
    }

    private long rows(long maxId) {
        try (JdbcReads reads = new JdbcReads(db)) {
            return frequencies.rows(reads, maxId);
        }
    }

    private long write(int n, String content) {
        List<NewMemory> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(new NewMemory(Tenant.of(i % 2 == 0 ? "a" : "b"), Category.OBSERVATION, content + " " + i,
                    Metadata.EMPTY, Source.INFERRED));
        }
        return store.insertAll(rows, Instant.parse("2026-01-01T00:00:00Z")).getLast().id().value();
    }

    @Test
    void counts_every_tenants_rows_through_the_stemmer() {
        long maxId = write(7, "the user prefers limits");

        assertThat(of("prefer", 100, maxId)).isEqualTo(7);
        assertThat(of("preferring", 3, maxId)).as("above the bound, counted whole").isEqualTo(7);
        assertThat(of("absent", 3, maxId)).isZero();
    }

    @Test
    void a_large_count_is_remembered_until_the_index_grows_by_a_twentieth() {
        long maxId = write(100, "memo");
        assertThat(of("memo", 10, maxId)).isEqualTo(100);

        maxId = write(5, "memo");
        assertThat(of("memo", 10, maxId)).as("grew by 5 of 105: remembered").isEqualTo(100);

        maxId = write(20, "memo");
        assertThat(of("memo", 10, maxId)).as("grew by 25: counted again").isEqualTo(125);
    }

    @Test
    void the_row_count_is_the_indexs_own_soft_deleted_rows_included_and_exact_after_every_write() {
        long maxId = write(40, "memo");
        store.softDelete(Tenant.of("a"), dev.strata.domain.memory.MemoryId.of(1), Instant.parse("2026-01-02T00:00:00Z"));
        assertThat(rows(maxId)).isEqualTo(40);

        maxId = write(1, "memo");
        assertThat(rows(maxId)).isEqualTo(41);
        maxId = write(200, "memo");
        assertThat(rows(maxId)).as("past one varint byte").isEqualTo(241);
        store.purgeDeleted(Instant.parse("2026-02-01T00:00:00Z"));
        assertThat(rows(maxId)).as("a purge leaves the index").isEqualTo(240)
                .isEqualTo(Long.parseLong(TempDatabase.column(db, "SELECT COUNT(*) FROM memories").getFirst()));
    }

    @Test
    void reads_sqlites_varints_of_every_length() {
        assertThat(DocumentFrequencies.firstVarint(new byte[] {0x00, 0x05})).isZero();
        assertThat(DocumentFrequencies.firstVarint(new byte[] {0x7F})).isEqualTo(127);
        assertThat(DocumentFrequencies.firstVarint(new byte[] {(byte) 0x81, 0x00, 0x7F})).isEqualTo(128);
        assertThat(DocumentFrequencies.firstVarint(new byte[] {(byte) 0xBD, (byte) 0x84, 0x40}))
                .isEqualTo(1_000_000);
        byte[] nine = new byte[9];
        java.util.Arrays.fill(nine, (byte) 0xFF);
        assertThat(DocumentFrequencies.firstVarint(nine)).isEqualTo(-1L);
    }
}
