package dev.strata.application.memory;

import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import static dev.strata.application.provenance.TestOrigins.AGENT_ACTOR;
import static dev.strata.application.provenance.TestOrigins.OPERATOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MemoryServiceSaveTest {

    private static final Tenant ME = Tenant.of("me");

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T09:00:00Z"));
    private final InMemoryAuditLog audit = new InMemoryAuditLog();
    private final MemoryService service = new MemoryService(new InMemoryMemoryStore(), audit, clock,
            MemoryLimits.DEFAULTS, Duration.ofDays(30));

    private Saved save(String key, String content, String reason) {
        return service.save(new SaveMemory(ME, key, content, Optional.of("decision"), Optional.ofNullable(reason),
                Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), OPERATOR));
    }

    @Test
    void a_rejected_save_shows_the_current_entry() {
        Memory first = save("auth-approach", "JWT with 1h expiry", null).memory();

        assertThatThrownBy(() -> save("auth-approach", "sessions in Redis", null))
                .isInstanceOfSatisfying(ConflictException.class, e -> {
                    assertThat(e.getMessage()).contains("auth-approach", "JWT with 1h expiry", "supersede_reason");
                    assertThat(e.details()).containsEntry("current_id", first.id().value())
                            .containsEntry("current_content", "JWT with 1h expiry");
                });
    }

    @Test
    void a_supersede_is_audited_and_the_history_is_newest_first() {
        save("auth-approach", "JWT with 1h expiry", null);
        clock.advance(Duration.ofMinutes(1));
        Saved second = save("auth-approach", "JWT with 15m expiry", "1h was too long");

        assertThat(second.superseded()).isPresent();
        assertThat(service.history(ME, "auth-approach")).extracting(Memory::content)
                .containsExactly("JWT with 15m expiry", "JWT with 1h expiry");
        assertThat(audit.recent(ME, 2)).extracting(e -> e.action(), e -> e.subject()).containsExactly(
                tuple("memory.save", "memory:" + second.memory().id()),
                tuple("memory.supersede", "memory:" + second.superseded().orElseThrow().id()));
    }

    @Test
    void keyed_content_is_not_edited_in_place() {
        Memory m = save("auth-approach", "JWT with 1h expiry", null).memory();
        assertThatThrownBy(() -> service.update(ME, m.id(), new MemoryChange(Optional.of("changed"), Optional.empty()), AGENT_ACTOR))
                .isInstanceOf(ConflictException.class);
        assertThat(service.update(ME, m.id(), new MemoryChange(Optional.empty(), Optional.of(new Metadata("{\"a\":1}"))), AGENT_ACTOR)
                .metadata().json()).isEqualTo("{\"a\":1}");
    }

    @Test
    void delete_by_key_deactivates_the_active_entry_and_unknown_keys_are_not_found() {
        save("focus", "the payments dashboard", null);
        service.deleteByKey(ME, "focus", AGENT_ACTOR);

        assertThat(service.listByType(ME, Optional.empty(), Optional.empty())).isEmpty();
        assertThatThrownBy(() -> service.deleteByKey(ME, "focus", AGENT_ACTOR)).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> service.history(ME, "never-saved")).isInstanceOf(NotFoundException.class);
        assertThat(service.history(ME, "focus")).hasSize(1);
    }

    @Test
    void bad_keys_reasons_and_types_name_their_field() {
        assertThatThrownBy(() -> save("bad key!", "x", null))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("key"));
        assertThatThrownBy(() -> save("k", "x", "  "))
                .isInstanceOfSatisfying(InvalidInputException.class,
                        e -> assertThat(e.field()).isEqualTo("supersede_reason"));
        assertThatThrownBy(() -> service.listByType(ME, Optional.of("preference"), Optional.empty()))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("type"));
    }

    @Test
    void list_by_type_filters_active_entries() {
        save("a", "a decision", null);
        service.save(new SaveMemory(ME, "b", "a lesson", Optional.of("warning"), Optional.empty(), Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), OPERATOR));
        assertThat(service.listByType(ME, Optional.of("lesson"), Optional.empty())).extracting(Memory::category)
                .containsExactly(Category.LESSON);
    }

    private Saved saveTyped(String key, String content, Optional<String> type, String reason) {
        return service.save(new SaveMemory(ME, key, content, type, Optional.ofNullable(reason), Metadata.EMPTY,
                Optional.empty(), OPERATOR));
    }

    @Test
    void a_superseding_save_without_a_type_keeps_the_superseded_entry_s_type() {
        saveTyped("deploy", "never deploy on Fridays", Optional.of("warning"), null);

        Saved next = saveTyped("deploy", "never deploy on Fridays or Mondays", Optional.empty(), "Mondays too");

        assertThat(next.memory().category()).isEqualTo(Category.LESSON);
        assertThat(service.listByType(ME, Optional.of("lesson"), Optional.empty())).extracting(Memory::content)
                .containsExactly("never deploy on Fridays or Mondays");
        assertThat(service.listByType(ME, Optional.of("context"), Optional.empty())).isEmpty();
    }

    @Test
    void a_first_save_without_a_type_is_a_context_and_a_named_type_changes_it() {
        Saved first = saveTyped("focus", "ship the gateway", Optional.empty(), null);
        Saved retyped = saveTyped("focus", "gateway shipped on 2026-03-15", Optional.of("historical"), "done");

        assertThat(first.memory().category()).isEqualTo(Category.CONTEXT);
        assertThat(retyped.memory().category()).isEqualTo(Category.HISTORICAL);
    }

    @Test
    void a_rejected_save_without_a_type_still_shows_the_current_entry_s_type() {
        saveTyped("auth", "JWT with 1h expiry", Optional.of("decision"), null);

        assertThatThrownBy(() -> saveTyped("auth", "sessions in Redis", Optional.empty(), null))
                .isInstanceOfSatisfying(ConflictException.class,
                        e -> assertThat(e.details()).containsEntry("current_type", "decision"));
    }
}
