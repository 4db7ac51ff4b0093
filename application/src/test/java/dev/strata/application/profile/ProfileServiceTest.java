package dev.strata.application.profile;

import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.profile.InMemoryUserProfileStore;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static dev.strata.application.provenance.TestOrigins.PERSON_ACTOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

class ProfileServiceTest {

    private static final Tenant ME = Tenant.of("me");

    private final InMemoryAuditLog audit = new InMemoryAuditLog();
    private final ProfileService profile = new ProfileService(new InMemoryUserProfileStore(),
            new MutableClock(Instant.parse("2026-01-01T00:00:00Z")), audit);

    @Test
    void setting_and_deleting_a_value_is_audited_with_who_did_it_but_not_the_value() {
        profile.set(ME, "risk_tolerance", "conservative", PERSON_ACTOR);
        profile.delete(ME, "risk_tolerance", PERSON_ACTOR);

        assertThat(audit.recent(ME, 10)).extracting(AuditEntry::action, AuditEntry::subject, AuditEntry::actor)
                .containsExactly(tuple("profile.delete", "profile:risk_tolerance", PERSON_ACTOR),
                        tuple("profile.set", "profile:risk_tolerance", PERSON_ACTOR));
        assertThat(audit.all().toString()).doesNotContain("conservative");
    }

    @Test
    void a_delete_of_an_unset_key_is_not_found_and_not_audited() {
        assertThatThrownBy(() -> profile.delete(ME, "missing", PERSON_ACTOR)).isInstanceOf(NotFoundException.class);
        assertThat(audit.all()).isEmpty();
    }
}
