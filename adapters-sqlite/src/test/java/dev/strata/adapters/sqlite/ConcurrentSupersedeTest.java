package dev.strata.adapters.sqlite;

import dev.strata.application.memory.MemoryLimits;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.memory.SaveMemory;
import dev.strata.application.provenance.WriteOrigin;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryKey;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/** Many threads superseding one key on a real file end with one active entry and an unbroken chain. */
class ConcurrentSupersedeTest {

    private static final Tenant ME = Tenant.of("me");
    private static final int THREADS = 12;
    private static final int SAVES_PER_THREAD = 15;

    @TempDir
    Path dir;

    @Test
    void concurrent_supersedes_of_one_key_leave_exactly_one_active_entry_and_an_unbroken_chain() throws Exception {
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            SqliteMemoryStore store = new SqliteMemoryStore(db);
            MemoryService service = new MemoryService(store, new InMemoryAuditLog(), Clock.systemUTC(),
                    MemoryLimits.DEFAULTS, Duration.ofDays(30));
            service.save(new SaveMemory(ME, "focus", "initial focus", Optional.of("context"), Optional.empty(),
                    Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), WriteOrigin.operator(Actor.cli("test"))));

            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                results.add(pool.submit(() -> {
                    start.await();
                    int done = 0;
                    for (int i = 0; i < SAVES_PER_THREAD; i++) {
                        service.save(new SaveMemory(ME, "focus", "focus " + thread + "-" + i, Optional.of("context"),
                                Optional.of("newer plan"), Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), WriteOrigin.operator(Actor.cli("test"))));
                        // Another key at the same time: must never be blocked into failure by the busy one.
                        service.save(new SaveMemory(ME, "other-" + thread + "-" + i, "x", Optional.empty(),
                                Optional.empty(), Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), WriteOrigin.operator(Actor.cli("test"))));
                        done++;
                    }
                    return done;
                }));
            }
            start.countDown();
            int total = 0;
            for (Future<Integer> f : results) {
                total += f.get();
            }
            pool.shutdown();

            assertThat(total).isEqualTo(THREADS * SAVES_PER_THREAD);
            List<Memory> chain = store.history(ME, MemoryKey.of("focus"), 10_000);
            assertThat(chain).hasSize(THREADS * SAVES_PER_THREAD + 1);
            assertThat(chain.stream().filter(Memory::isActive)).hasSize(1);
            assertThat(chain.get(0).isActive()).isTrue();
            // Each entry supersedes exactly the one before it: following the links walks the whole history.
            Set<Long> seen = new HashSet<>();
            for (int i = 0; i < chain.size() - 1; i++) {
                Memory newer = chain.get(i);
                Memory older = chain.get(i + 1);
                assertThat(newer.supersedes().orElseThrow().previous()).isEqualTo(older.id());
                assertThat(seen.add(older.id().value())).isTrue();
            }
            assertThat(chain.get(chain.size() - 1).supersedes()).isEmpty();
            assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM memories WHERE key = 'focus' "
                    + "AND deleted_at IS NULL AND superseded_at IS NULL")).containsExactly("1");
        }
    }

    @Test
    void the_partial_unique_index_refuses_a_second_active_entry_even_behind_the_services_back() {
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            TempDatabase.execute(db, "INSERT INTO memories(tenant, category, content, source, created_at, updated_at, key) "
                    + "VALUES ('me', 'context', 'a', 'user_manual', '2026-01-01T00:00:00.000Z', "
                    + "'2026-01-01T00:00:00.000Z', 'k')");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> TempDatabase.execute(db,
                    "INSERT INTO memories(tenant, category, content, source, created_at, updated_at, key) "
                            + "VALUES ('me', 'context', 'b', 'user_manual', '2026-01-01T00:00:00.000Z', "
                            + "'2026-01-01T00:00:00.000Z', 'k')"))
                    .hasMessageContaining("UNIQUE constraint failed");
        }
    }
}
