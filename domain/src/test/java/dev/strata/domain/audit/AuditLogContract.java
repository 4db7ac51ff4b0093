package dev.strata.domain.audit;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What every {@link AuditLog} promises, run against the in-memory fake and the SQLite adapter
 * alike. Subclasses provide a fresh, empty log.
 */
public abstract class AuditLogContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");
    protected static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");
    protected static final Actor AGENT = Actor.claimed("agent-7", Optional.empty());
    protected static final Actor KEYED = Actor.claimed("session:42", Optional.of("k3x9q2m8a1bz"));

    protected AuditLog log;

    protected abstract AuditLog createLog();

    @BeforeEach
    void freshLog() {
        log = createLog();
    }

    private static AuditEntry entry(Tenant tenant, String action, int second) {
        return new AuditEntry(tenant, action, "memory:" + second, "detail of " + action, AGENT, T0.plusSeconds(second));
    }

    private static AuditQuery query(Optional<Tenant> tenant, Optional<String> action, Optional<String> actor,
                                    Optional<String> subject, Optional<Instant> since, Optional<Instant> until,
                                    Optional<Long> before, int limit) {
        return new AuditQuery(tenant, action, actor, subject, since, until, before, limit);
    }

    private static AuditQuery alice(int limit) {
        return AuditQuery.of(ALICE, limit);
    }

    @Test
    void a_recorded_entry_comes_back_with_every_field() {
        AuditEntry deleted = new AuditEntry(ALICE, "memory.delete", "memory:42", "soft-deleted; restorable for 30 days",
                KEYED, T0.plusMillis(123));

        log.record(deleted);

        assertThat(log.recent(ALICE, 10)).containsExactly(deleted);
        assertThat(log.find(alice(10))).singleElement().satisfies(r -> {
            assertThat(r.entry()).isEqualTo(deleted);
            assertThat(r.entry().actor().keyId()).contains("k3x9q2m8a1bz");
        });
    }

    @Test
    void recent_entries_are_newest_first_and_limited() {
        IntStream.range(0, 5).forEach(i -> log.record(entry(ALICE, "action.n" + i, i)));

        assertThat(log.recent(ALICE, 3)).extracting(AuditEntry::action)
                .containsExactly("action.n4", "action.n3", "action.n2");
        assertThat(log.recent(ALICE, 100)).hasSize(5);
    }

    @Test
    void entries_recorded_at_the_same_instant_keep_the_order_they_were_recorded_in() {
        log.record(new AuditEntry(ALICE, "first", "s", "d", AGENT, T0));
        log.record(new AuditEntry(ALICE, "second", "s", "d", AGENT, T0));

        assertThat(log.recent(ALICE, 10)).extracting(AuditEntry::action).containsExactly("second", "first");
    }

    @Test
    void a_tenant_sees_only_its_own_trail() {
        log.record(entry(ALICE, "alice.did", 1));
        log.record(entry(BOB, "bob.did", 2));

        assertThat(log.recent(ALICE, 10)).extracting(AuditEntry::action).containsExactly("alice.did");
        assertThat(log.recent(BOB, 10)).extracting(AuditEntry::action).containsExactly("bob.did");
        assertThat(log.recent(Tenant.of("carol"), 10)).isEmpty();
        assertThat(log.find(alice(10))).extracting(r -> r.entry().action()).containsExactly("alice.did");
    }

    @Test
    void every_tenant_s_trail_comes_back_when_the_query_names_no_tenant() {
        log.record(entry(ALICE, "alice.did", 1));
        log.record(entry(BOB, "bob.did", 2));

        assertThat(log.find(query(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), 10)))
                .extracting(r -> r.entry().action()).containsExactly("bob.did", "alice.did");
    }

    @Test
    void text_is_kept_verbatim() {
        AuditEntry odd = new AuditEntry(ALICE, "memory.supersede", "memory:7",
                "key 'plan' superseded by 8: 'quotes', \"double\", 100% _under_ \\ ünïcødé 止损", AGENT, T0);

        log.record(odd);

        assertThat(log.recent(ALICE, 1)).containsExactly(odd);
    }

    @Test
    void recorded_together_entries_keep_their_order() {
        log.recordAll(List.of(entry(ALICE, "memory.write", 1), entry(ALICE, "memory.write", 2)));

        assertThat(log.recent(ALICE, 10)).extracting(AuditEntry::subject).containsExactly("memory:2", "memory:1");
    }

    @Test
    void filters_by_exact_action_or_by_a_prefix() {
        log.record(entry(ALICE, "memory.write", 1));
        log.record(entry(ALICE, "memory.delete", 2));
        log.record(entry(ALICE, "vault.set", 3));
        log.record(entry(ALICE, "memoryx.odd", 4));

        assertThat(log.find(query(Optional.of(ALICE), Optional.of("memory.delete"), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), 10)))
                .extracting(r -> r.entry().action()).containsExactly("memory.delete");
        assertThat(log.find(query(Optional.of(ALICE), Optional.of("memory.*"), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), 10)))
                .extracting(r -> r.entry().action()).containsExactly("memory.delete", "memory.write");
    }

    @Test
    void filters_by_actor_subject_and_time_window() {
        log.record(new AuditEntry(ALICE, "memory.write", "memory:1", "d", AGENT, T0));
        log.record(new AuditEntry(ALICE, "memory.write", "memory:2", "d", KEYED, T0.plusSeconds(10)));
        log.record(new AuditEntry(ALICE, "memory.delete", "memory:1", "d", KEYED, T0.plusSeconds(20)));

        assertThat(log.find(query(Optional.of(ALICE), Optional.empty(), Optional.of("session:42"), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), 10)))
                .extracting(r -> r.entry().subject()).containsExactly("memory:1", "memory:2");
        assertThat(log.find(query(Optional.of(ALICE), Optional.empty(), Optional.empty(), Optional.of("memory:1"),
                Optional.empty(), Optional.empty(), Optional.empty(), 10)))
                .extracting(r -> r.entry().action()).containsExactly("memory.delete", "memory.write");
        assertThat(log.find(query(Optional.of(ALICE), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.of(T0.plusSeconds(10)), Optional.of(T0.plusSeconds(20)), Optional.empty(), 10)))
                .extracting(r -> r.entry().subject()).containsExactly("memory:2");
    }

    @Test
    void pages_follow_the_cursor_without_gaps_or_repeats() {
        IntStream.range(0, 7).forEach(i -> log.record(entry(ALICE, "memory.write", i)));
        log.record(entry(BOB, "memory.write", 99));

        List<AuditRecord> first = log.find(alice(3));
        List<AuditRecord> second = log.find(query(Optional.of(ALICE), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(first.get(2).id()), 3));
        List<AuditRecord> third = log.find(query(Optional.of(ALICE), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(second.get(2).id()), 3));

        assertThat(first).extracting(r -> r.entry().subject()).containsExactly("memory:6", "memory:5", "memory:4");
        assertThat(second).extracting(r -> r.entry().subject()).containsExactly("memory:3", "memory:2", "memory:1");
        assertThat(third).extracting(r -> r.entry().subject()).containsExactly("memory:0");
    }

    @Test
    void a_query_refuses_bad_filters_naming_the_field() {
        assertThatThrownBy(() -> query(Optional.of(ALICE), Optional.of("DROP TABLE"), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), 10))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("action"));
        assertThatThrownBy(() -> query(Optional.of(ALICE), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.of(T0), Optional.of(T0), Optional.empty(), 10))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("until"));
        assertThatThrownBy(() -> AuditQuery.of(ALICE, AuditQuery.MAX_LIMIT + 1))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("limit"));
    }
}
