package dev.strata.domain.audit;

import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every {@link AuditLog} promises, run against the in-memory fake and the SQLite adapter
 * alike. Subclasses provide a fresh, empty log.
 */
public abstract class AuditLogContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");
    protected static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");

    protected AuditLog log;

    protected abstract AuditLog createLog();

    @BeforeEach
    void freshLog() {
        log = createLog();
    }

    private static AuditEntry entry(Tenant tenant, String action, int second) {
        return new AuditEntry(tenant, action, "memory " + second, "detail of " + action, T0.plusSeconds(second));
    }

    @Test
    void a_recorded_entry_comes_back_with_every_field() {
        AuditEntry deleted = new AuditEntry(ALICE, "memory.delete", "42", "soft-deleted; restorable for 30 days",
                T0.plusMillis(123));

        log.record(deleted);

        assertThat(log.recent(ALICE, 10)).containsExactly(deleted);
    }

    @Test
    void recent_entries_are_newest_first_and_limited() {
        IntStream.range(0, 5).forEach(i -> log.record(entry(ALICE, "action." + i, i)));

        assertThat(log.recent(ALICE, 3)).extracting(AuditEntry::action)
                .containsExactly("action.4", "action.3", "action.2");
        assertThat(log.recent(ALICE, 100)).hasSize(5);
    }

    @Test
    void entries_recorded_at_the_same_instant_keep_the_order_they_were_recorded_in() {
        log.record(new AuditEntry(ALICE, "first", "s", "d", T0));
        log.record(new AuditEntry(ALICE, "second", "s", "d", T0));

        assertThat(log.recent(ALICE, 10)).extracting(AuditEntry::action).containsExactly("second", "first");
    }

    @Test
    void a_tenant_sees_only_its_own_trail() {
        log.record(entry(ALICE, "alice.did", 1));
        log.record(entry(BOB, "bob.did", 2));

        assertThat(log.recent(ALICE, 10)).extracting(AuditEntry::action).containsExactly("alice.did");
        assertThat(log.recent(BOB, 10)).extracting(AuditEntry::action).containsExactly("bob.did");
        assertThat(log.recent(Tenant.of("carol"), 10)).isEmpty();
    }

    @Test
    void text_is_kept_verbatim() {
        AuditEntry odd = new AuditEntry(ALICE, "memory.supersede", "7",
                "key 'plan' superseded by 8: 'quotes', \"double\", 100% _under_ \\ ünïcødé 止损", T0);

        log.record(odd);

        assertThat(log.recent(ALICE, 1)).containsExactly(odd);
    }
}
