package dev.strata.application.memory;

import dev.strata.application.provenance.WriteOrigin;
import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.audit.AuditQuery;
import dev.strata.domain.audit.AuditRecord;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/** Every write path of the memory service names its actor on the row (updated_by) and in the audit log. */
class MemoryServiceAuditTest {

    private static final Tenant ME = Tenant.of("me");
    private static final Tenant YOU = Tenant.of("you");
    private static final Actor AGENT = Actor.claimed("agent-7", Optional.empty());
    private static final Actor PERSON = Actor.claimed("ada", Optional.of("k3x9q2m8a1bz"));

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T09:00:00Z"));
    private final InMemoryMemoryStore store = new InMemoryMemoryStore();
    private final InMemoryAuditLog audit = new InMemoryAuditLog();
    private final MemoryService service = new MemoryService(store, audit, clock, MemoryLimits.DEFAULTS,
            Duration.ofDays(30));

    private Memory write(Tenant tenant, String content, WriteOrigin origin) {
        return service.write(new WriteMemory(tenant, "lesson", content, Metadata.EMPTY, origin));
    }

    private List<AuditEntry> trail(Tenant tenant) {
        return audit.recent(tenant, 100);
    }

    @Test
    void a_write_records_its_actor_on_the_row_and_in_the_audit_log() {
        Memory m = write(ME, "never chase pumps", WriteOrigin.person(PERSON));

        assertThat(m.updatedBy()).isEqualTo(PERSON);
        assertThat(store.find(ME, m.id()).orElseThrow().updatedBy()).isEqualTo(PERSON);
        assertThat(trail(ME)).singleElement().satisfies(e -> {
            assertThat(e.action()).isEqualTo("memory.write");
            assertThat(e.subject()).isEqualTo("memory:" + m.id());
            assertThat(e.actor()).isEqualTo(PERSON);
            assertThat(e.actor().keyId()).contains("k3x9q2m8a1bz");
            assertThat(e.detail()).contains("lesson", "user_manual");
        });
    }

    @Test
    void a_batch_audits_each_memory_it_wrote() {
        List<Memory> stored = service.writeAll(List.of(
                new WriteMemory(ME, "lesson", "one", Metadata.EMPTY, WriteOrigin.person(PERSON)),
                new WriteMemory(ME, "lesson", "two", Metadata.EMPTY, WriteOrigin.person(PERSON))));

        assertThat(stored).allSatisfy(m -> assertThat(m.updatedBy()).isEqualTo(PERSON));
        assertThat(trail(ME)).extracting(AuditEntry::action, AuditEntry::subject).containsExactly(
                tuple("memory.write", "memory:" + stored.get(1).id()),
                tuple("memory.write", "memory:" + stored.get(0).id()));
    }

    @Test
    void a_batch_element_with_a_forged_source_names_its_field_and_writes_nothing() {
        assertThatThrownBy(() -> service.writeAll(List.of(
                new WriteMemory(ME, "lesson", "fine", Metadata.EMPTY, WriteOrigin.person(PERSON)),
                new WriteMemory(ME, "lesson", "forged", Metadata.EMPTY, Optional.of(Source.INFERRED),
                        WriteOrigin.person(PERSON)))))
                .isInstanceOfSatisfying(InvalidInputException.class,
                        e -> assertThat(e.field()).isEqualTo("memories[1].source"));
        assertThat(store.count(ME)).isZero();
        assertThat(trail(ME)).isEmpty();
    }

    @Test
    void patch_delete_and_restore_each_name_who_did_them_and_the_row_shows_the_last() {
        Memory m = write(ME, "size down", WriteOrigin.person(PERSON));
        clock.advance(Duration.ofMinutes(1));

        Memory patched = service.update(ME, m.id(), new MemoryChange(Optional.of("size down in chop"),
                Optional.empty()), AGENT);
        assertThat(patched.updatedBy()).isEqualTo(AGENT);
        service.delete(ME, m.id(), PERSON);
        Memory restored = service.restore(ME, m.id(), AGENT);

        assertThat(restored.updatedBy()).isEqualTo(AGENT);
        assertThat(trail(ME)).extracting(AuditEntry::action, AuditEntry::actor).containsExactly(
                tuple("memory.restore", AGENT), tuple("memory.delete", PERSON), tuple("memory.update", AGENT),
                tuple("memory.write", PERSON));
        assertThat(trail(ME).get(2).detail()).isEqualTo("content changed");
    }

    @Test
    void a_save_and_its_supersede_name_the_actor_on_both_rows_and_both_entries() {
        Saved first = service.save(new SaveMemory(ME, "auth", "JWT 1h", Optional.of("decision"), Optional.empty(),
                Metadata.EMPTY, Optional.empty(), WriteOrigin.person(PERSON)));
        Saved second = service.save(new SaveMemory(ME, "auth", "JWT 15m", Optional.empty(),
                Optional.of("1h failed review"), Metadata.EMPTY, Optional.empty(), WriteOrigin.agentTool(AGENT)));

        assertThat(first.memory().updatedBy()).isEqualTo(PERSON);
        assertThat(second.memory().updatedBy()).isEqualTo(AGENT);
        assertThat(second.superseded().orElseThrow().updatedBy()).isEqualTo(AGENT);
        assertThat(second.memory().source()).isEqualTo(Source.AGENT_RECORDED);
        assertThat(trail(ME)).extracting(AuditEntry::action, AuditEntry::actor).containsExactly(
                tuple("memory.save", AGENT), tuple("memory.supersede", AGENT), tuple("memory.save", PERSON));
    }

    @Test
    void delete_by_key_names_the_actor() {
        service.save(new SaveMemory(ME, "focus", "ship it", Optional.empty(), Optional.empty(), Metadata.EMPTY,
                Optional.empty(), WriteOrigin.agentTool(AGENT)));

        Memory deleted = service.deleteByKey(ME, "focus", PERSON);

        assertThat(trail(ME).get(0)).satisfies(e -> {
            assertThat(e.action()).isEqualTo("memory.delete");
            assertThat(e.subject()).isEqualTo("memory:" + deleted.id());
            assertThat(e.actor()).isEqualTo(PERSON);
        });
    }

    @Test
    void the_purge_is_audited_once_per_tenant_naming_the_rows_it_removed_by_the_purge_job() {
        Memory mine = write(ME, "old", WriteOrigin.person(PERSON));
        Memory yours = write(YOU, "old too", WriteOrigin.person(PERSON));
        Memory kept = write(ME, "kept", WriteOrigin.person(PERSON));
        service.delete(ME, mine.id(), PERSON);
        service.delete(YOU, yours.id(), PERSON);
        clock.advance(Duration.ofDays(31));

        assertThat(service.purgeExpired()).isEqualTo(2);

        assertThat(trail(ME).get(0)).satisfies(e -> {
            assertThat(e.action()).isEqualTo("memory.purge");
            assertThat(e.actor()).isEqualTo(MemoryService.PURGE);
            assertThat(e.detail()).contains("1 memory", "memory:" + mine.id()).doesNotContain("memory:" + kept.id());
        });
        assertThat(trail(YOU).get(0).detail()).contains("memory:" + yours.id()).doesNotContain("memory:" + mine.id());
        assertThat(service.purgeExpired()).isZero();
        assertThat(trail(ME).get(0).action()).isEqualTo("memory.purge");
        assertThat(trail(ME)).filteredOn(e -> e.action().equals("memory.purge")).hasSize(1);
    }

    @Test
    void an_audit_log_that_fails_does_not_fail_a_write_that_succeeded() {
        AuditLog broken = new AuditLog() {
            @Override
            public void record(AuditEntry entry) {
                throw new IllegalStateException("disk full");
            }

            @Override
            public List<AuditEntry> recent(Tenant tenant, int limit) {
                return List.of();
            }

            @Override
            public List<AuditRecord> find(AuditQuery query) {
                return List.of();
            }
        };
        MemoryService withBrokenLog = new MemoryService(store, broken, clock, MemoryLimits.DEFAULTS,
                Duration.ofDays(30));

        Memory m = withBrokenLog.write(new WriteMemory(ME, "lesson", "still written", Metadata.EMPTY,
                WriteOrigin.person(PERSON)));

        assertThat(store.find(ME, m.id())).isPresent();
    }
}
