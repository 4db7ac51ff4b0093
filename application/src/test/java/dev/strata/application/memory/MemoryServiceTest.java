package dev.strata.application.memory;

import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static dev.strata.application.provenance.TestOrigins.AGENT_ACTOR;
import static dev.strata.application.provenance.TestOrigins.OPERATOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MemoryServiceTest {

    private static final Tenant ME = Tenant.of("me");

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T09:00:00Z"));
    private InMemoryMemoryStore store;
    private InMemoryAuditLog audit;
    private MemoryService service;

    @BeforeEach
    void setUp() {
        store = new InMemoryMemoryStore();
        audit = new InMemoryAuditLog();
        service = new MemoryService(store, audit, clock, new MemoryLimits(100, 50, 3, 20, 10, 5, 5),
                Duration.ofDays(30));
    }

    private WriteMemory write(String category, String content) {
        return new WriteMemory(ME, category, content, Metadata.EMPTY, Optional.of(Source.USER_MANUAL), OPERATOR);
    }

    @Test
    void write_resolves_aliases_and_stamps_the_clock() {
        Memory m = service.write(write("Warning", "  never chase pumps  "));

        assertThat(m.category()).isEqualTo(Category.LESSON);
        assertThat(m.content()).isEqualTo("never chase pumps");
        assertThat(m.createdAt()).isEqualTo(clock.instant());
    }

    @Test
    void write_rejects_what_breaks_the_limits_naming_the_field() {
        assertThatThrownBy(() -> service.write(write("lesson", "x".repeat(101))))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("content"));
        assertThatThrownBy(() -> service.write(write("lesson", "   ")))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("content"));
        assertThatThrownBy(() -> service.write(write("Not A Slug!", "text")))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("category"));
        assertThatThrownBy(() -> service.write(new WriteMemory(ME, "lesson", "text",
                new Metadata("{\"k\":\"" + "v".repeat(60) + "\"}"), Optional.of(Source.USER_MANUAL), OPERATOR)))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("metadata"));
        assertThat(store.count(ME)).isZero();
    }

    @Test
    void a_batch_is_all_or_nothing_and_names_the_bad_element() {
        assertThatThrownBy(() -> service.writeAll(List.of(write("lesson", "one"), write("lesson", "two"),
                write("lesson", ""))))
                .isInstanceOfSatisfying(InvalidInputException.class,
                        e -> assertThat(e.field()).isEqualTo("memories[2].content"));
        assertThatThrownBy(() -> service.writeAll(List.of(write("lesson", "a"), write("lesson", "b"),
                write("lesson", "c"), write("lesson", "d"))))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("memories"));
        assertThatThrownBy(() -> service.writeAll(List.of()))
                .isInstanceOf(InvalidInputException.class);
        assertThat(store.count(ME)).isZero();

        assertThat(service.writeAll(List.of(write("lesson", "one"), write("lesson", "two"))))
                .extracting(Memory::content).containsExactly("one", "two");
    }

    @Test
    void limits_are_checked_against_the_configured_range() {
        assertThatThrownBy(() -> service.list(ME, Optional.empty(), Optional.of(0)))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("limit"));
        assertThatThrownBy(() -> service.search(ME, "x", Optional.of(11), Optional.empty()))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("limit"));
    }

    @Test
    void restore_works_until_retention_runs_out_and_purge_then_removes_the_row() {
        Memory m = service.write(write("lesson", "trail stops by 8%"));
        service.delete(ME, m.id(), AGENT_ACTOR);
        assertThatThrownBy(() -> service.get(ME, m.id())).isInstanceOf(NotFoundException.class);

        clock.advance(Duration.ofDays(29));
        assertThat(service.restore(ME, m.id(), AGENT_ACTOR).content()).isEqualTo("trail stops by 8%");
        service.delete(ME, m.id(), AGENT_ACTOR);

        clock.advance(Duration.ofDays(30).plusSeconds(1));
        assertThatThrownBy(() -> service.restore(ME, m.id(), AGENT_ACTOR)).isInstanceOf(NotFoundException.class);
        assertThat(service.purgeExpired()).isEqualTo(1);
        assertThat(service.purgeExpired()).isZero();
    }

    @Test
    void purge_keeps_rows_still_within_retention() {
        Memory m = service.write(write("lesson", "keep me"));
        service.delete(ME, m.id(), AGENT_ACTOR);
        clock.advance(Duration.ofDays(29));
        assertThat(service.purgeExpired()).isZero();
        assertThat(service.restore(ME, m.id(), AGENT_ACTOR)).isNotNull();
    }

    @Test
    void deletes_and_restores_are_audited() {
        Memory m = service.write(write("lesson", "audit me"));
        service.delete(ME, m.id(), AGENT_ACTOR);
        service.restore(ME, m.id(), AGENT_ACTOR);

        assertThat(audit.recent(ME, 10)).extracting(e -> e.action(), e -> e.actor())
                .containsExactly(tuple("memory.restore", AGENT_ACTOR), tuple("memory.delete", AGENT_ACTOR),
                        tuple("memory.write", OPERATOR.actor()));
        assertThat(audit.recent(ME, 10)).allSatisfy(e -> assertThat(e.subject()).isEqualTo("memory:" + m.id()));
    }

    @Test
    void update_bumps_the_memory_and_unknown_ids_are_not_found() {
        Memory m = service.write(write("lesson", "old text"));
        clock.advance(Duration.ofMinutes(5));
        Memory updated = service.update(ME, m.id(), new MemoryChange(Optional.of("new text"), Optional.empty()), AGENT_ACTOR);

        assertThat(updated.updatedAt()).isEqualTo(clock.instant());
        assertThatThrownBy(() -> service.update(Tenant.of("other"), m.id(),
                new MemoryChange(Optional.of("x"), Optional.empty()), AGENT_ACTOR)).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> service.delete(Tenant.of("other"), m.id(), AGENT_ACTOR)).isInstanceOf(NotFoundException.class);
    }

    @Test
    void listeners_hear_committed_writes_and_a_failing_listener_never_fails_the_write() {
        List<String> heard = new ArrayList<>();
        service.addListener(e -> {
            throw new IllegalStateException("listener bug");
        });
        service.addListener(e -> heard.add(e.memory().content()));

        service.write(write("lesson", "first"));
        service.writeAll(List.of(write("lesson", "second"), write("lesson", "third")));

        assertThat(heard).containsExactly("first", "second", "third");
        assertThat(store.count(ME)).isEqualTo(3);
    }
}
