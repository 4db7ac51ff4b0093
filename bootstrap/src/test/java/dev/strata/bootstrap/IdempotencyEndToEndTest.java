package dev.strata.bootstrap;

import dev.strata.adapters.sqlite.SqliteIdempotencyStore;
import dev.strata.application.idempotency.IdempotencyService;
import dev.strata.application.memory.WriteMemory;
import dev.strata.bootstrap.storage.StorageSettings;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.idempotency.IdempotencyKey;
import dev.strata.domain.idempotency.StoredAnswer;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue 13, "a 5xx means not written; retries are safe", on the real server and file: a keyed write
 * refused because the database is busy writes nothing and leaves its key free, so the retry it invites
 * writes exactly once; a write that committed before the server stopped, without its answer, is never
 * written a second time.
 */
class IdempotencyEndToEndTest {

    @RegisterExtension
    final StrataServerExtension server = StrataServerExtension.startedByTest();

    private static final String WRITE = "{\"category\":\"observation\",\"content\":\"written while busy\"}";
    private static final UnaryOperator<StrataSettings> SHORT_BUSY_TIMEOUT = s -> s.with(new StorageSettings(
            s.storage().dataDir(), s.storage().poolSize(), Duration.ofMillis(300), s.storage().synchronous()));

    private HttpResponse<String> keyed(String key) {
        return server.http().send(HttpRequest.newBuilder(server.http().uri("/v1/memory"))
                .header("Content-Type", "application/json").header("Idempotency-Key", key)
                .POST(HttpRequest.BodyPublishers.ofString(WRITE)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private int memories() {
        return Http.json(server.http().send("GET", "/v1/memory?limit=100", null, null)).getJsonArray("memories").size();
    }

    @Test
    void a_write_refused_while_the_database_is_busy_is_retried_under_its_key_and_written_once() throws Exception {
        server.start(SHORT_BUSY_TIMEOUT);
        String file = server.strata().core().database().file().toString();

        try (Connection other = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement lock = other.createStatement()) {
            lock.execute("BEGIN IMMEDIATE");
            HttpResponse<String> busy = keyed("busy-1");
            assertThat(busy.statusCode()).as(busy.body()).isEqualTo(503);
            assertThat(busy.headers().firstValue("Retry-After")).as("another writer holds the lock: retry soon")
                    .contains("1");
            lock.execute("ROLLBACK");
        }
        assertThat(memories()).isZero();

        HttpResponse<String> retry = keyed("busy-1");
        HttpResponse<String> again = keyed("busy-1");

        assertThat(retry.statusCode()).as(retry.body()).isEqualTo(201);
        assertThat(retry.headers().firstValue("Idempotent-Replayed")).isEmpty();
        assertThat(again.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(again.body()).isEqualTo(retry.body());
        assertThat(memories()).isEqualTo(1);
    }

    @Test
    void a_claim_that_lost_the_lock_inside_the_write_frees_the_key_and_the_retry_writes_once() throws Exception {
        server.start(SHORT_BUSY_TIMEOUT);
        StrataCore core = server.strata().core();
        IdempotencyService idempotency = core.idempotency().idempotency();
        IdempotencyKey key = new IdempotencyKey("busy-inside");
        String file = core.database().file().toString();

        assertThatThrownBy(() -> idempotency.execute(Tenant.DEFAULT, key, "fp", () -> {
            try (Connection other = DriverManager.getConnection("jdbc:sqlite:" + file);
                 Statement lock = other.createStatement()) {
                lock.execute("BEGIN IMMEDIATE");
                try {
                    core.memory().memories().write(command());
                } finally {
                    lock.execute("ROLLBACK");
                }
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
            return created();
        })).isInstanceOf(UnavailableException.class);
        assertThat(memories()).isZero();

        var retry = idempotency.execute(Tenant.DEFAULT, key, "fp", () -> {
            core.memory().memories().write(command());
            return created();
        });

        assertThat(retry.replayed()).isFalse();
        assertThat(memories()).isEqualTo(1);
    }

    @Test
    void a_write_that_committed_before_the_server_stopped_without_its_answer_is_not_written_again() {
        IdempotencyKey key = new IdempotencyKey("crash-window");
        try (StrataCore core = server.open(UnaryOperator.identity())) {
            var store = new SqliteIdempotencyStore(core.database());
            store.claim(Tenant.DEFAULT, key, "fp", Clock.systemUTC().instant(),
                    Clock.systemUTC().instant().minus(Duration.ofHours(24)));
            // The keyed write commits, then the process dies before the answer is kept.
            store.markingWrites(Tenant.DEFAULT, key, () -> core.memory().memories().write(command()));
        }

        server.start(UnaryOperator.identity());
        IdempotencyService restarted = server.strata().core().idempotency().idempotency();

        assertThatThrownBy(() -> restarted.execute(Tenant.DEFAULT, key, "fp", () -> {
            server.strata().core().memory().memories().write(command());
            return created();
        })).isInstanceOfSatisfying(ConflictException.class,
                e -> assertThat(e.details()).containsEntry("reason", "answer_lost"));
        assertThat(memories()).isEqualTo(1);
    }

    private static WriteMemory command() {
        return new WriteMemory(Tenant.DEFAULT, "observation", "written under a key", Metadata.EMPTY, Optional.of(Source.USER_MANUAL), TestActors.OPERATOR);
    }

    private static StoredAnswer created() {
        return new StoredAnswer(201, "application/json", Optional.empty(), "{}");
    }
}
