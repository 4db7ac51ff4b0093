package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * Every query FTS5 refuses falls back to LIKE instead of failing the search. Found by the
 * hostile-input properties: a query starting with '*' ("unknown special query") was a 503.
 */
class FtsSyntaxFallbackTest {

    @TempDir
    Path dir;

    private SqliteDatabase db;
    private SqliteMemoryStore store;

    @BeforeEach
    void open() {
        db = TempDatabase.open(dir);
        store = new SqliteMemoryStore(db);
        store.insert(new NewMemory(Tenant.DEFAULT, Category.LESSON, "slippage on swaps", Metadata.EMPTY,
                Source.USER_MANUAL), Instant.parse("2026-01-01T00:00:00Z"));
    }

    @AfterEach
    void close() {
        db.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"* slippage", "* \\ ß slippage )))) NEAR(a b, -1) * ^", "NEAR(a b, -1)", "^ (",
            "a:b:c", "col:*", "))))", "\"unterminated", "slippage AND", "OR OR", "category: NOT",
            "NEAR(a b, x) AND - NEAR( a OR"})
    void anFts5SyntaxErrorFallsBackInsteadOfFailing(String query) {
        assertThatCode(() -> store.search(new SearchRequest(Tenant.DEFAULT, query, 10, Optional.empty())))
                .doesNotThrowAnyException();
    }
}
