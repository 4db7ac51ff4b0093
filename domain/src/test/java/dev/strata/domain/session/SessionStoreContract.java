package dev.strata.domain.session;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.prompt.PromptBlock;
import dev.strata.domain.workspace.IdentityMetadata;
import dev.strata.domain.workspace.WorkspaceNotice;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What every {@link SessionStore} promises; run against the in-memory fake and the SQLite adapter. */
public abstract class SessionStoreContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");
    protected static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");
    protected static final Duration TTL = Duration.ofHours(1);

    protected SessionStore store;

    protected abstract SessionStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    /** Text a serialisation could easily alter: quotes, backslashes, tabs, CRs, astral characters, a trailing blank. */
    protected static final String AWKWARD = "## SOUL.md\n\n\"Quote\" \\ back\\slash\ttab \u00e9 \u4e2d\u6587 \uD83E\uDD85\n"
            + "</memory-context> {\"json\": [1, 2]} \u2028 line separator\n\nend ";

    protected static Session session(Tenant tenant, Instant created) {
        return new Session(SessionId.random(), tenant, created, created.plus(TTL),
                List.of(new PromptBlock(PromptBlock.IDENTITY, AWKWARD, true),
                        new PromptBlock(PromptBlock.MEMORY, "## MEMORY.md\n\n- Ada holds ETH", false)),
                new IdentityMetadata(Optional.of("Kestrel"), Optional.empty(), Optional.of("\uD83E\uDD85")),
                true,
                List.of(new WorkspaceNotice(WorkspaceNotice.Type.TRUNCATED, "MEMORY.md", "kept head and tail")));
    }

    @Test
    void a_saved_session_comes_back_exactly_as_saved() {
        Session saved = session(ALICE, T0);
        store.save(saved);

        Session found = store.find(ALICE, saved.id(), T0).orElseThrow();
        assertThat(found).isEqualTo(saved);
        assertThat(found.prompt().getBytes(StandardCharsets.UTF_8)).isEqualTo(saved.prompt().getBytes(StandardCharsets.UTF_8));
        assertThat(found.blocks()).extracting(PromptBlock::name, PromptBlock::cache)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("identity", true),
                        org.assertj.core.groups.Tuple.tuple("memory", false));
        assertThat(found.identity().vibe()).isEmpty();
    }

    @Test
    void a_session_without_blocks_or_notices_round_trips() {
        Session bare = new Session(SessionId.random(), ALICE, T0, T0.plus(TTL), List.of(), IdentityMetadata.empty(),
                false, List.of());
        store.save(bare);

        assertThat(store.find(ALICE, bare.id(), T0)).contains(bare);
    }

    @Test
    void another_tenant_cannot_see_the_session() {
        Session saved = session(ALICE, T0);
        store.save(saved);

        assertThat(store.find(BOB, saved.id(), T0)).isEmpty();
        assertThat(store.find(ALICE, SessionId.random(), T0)).isEmpty();
    }

    @Test
    void a_session_is_gone_from_its_expiry_instant_on() {
        Session saved = session(ALICE, T0);
        store.save(saved);

        assertThat(store.find(ALICE, saved.id(), saved.expiresAt().minusMillis(1))).isPresent();
        assertThat(store.find(ALICE, saved.id(), saved.expiresAt())).isEmpty();
    }

    @Test
    void purge_removes_only_expired_sessions_of_every_tenant() {
        Session old = session(ALICE, T0);
        Session otherOld = session(BOB, T0.plusSeconds(60));
        Session fresh = session(ALICE, T0.plus(TTL));
        store.save(old);
        store.save(otherOld);
        store.save(fresh);

        Instant now = T0.plus(TTL).plusSeconds(60);
        assertThat(store.purgeExpired(now)).isEqualTo(2);
        assertThat(store.purgeExpired(now)).isZero();
        assertThat(store.find(ALICE, fresh.id(), now)).contains(fresh);
        // Purged for good: turning the clock back does not bring them back.
        assertThat(store.find(ALICE, old.id(), T0)).isEmpty();
        assertThat(store.find(BOB, otherOld.id(), T0)).isEmpty();
    }

    @Test
    void saving_the_same_id_twice_is_refused() {
        Session saved = session(ALICE, T0);
        store.save(saved);

        assertThatThrownBy(() -> store.save(saved)).isInstanceOf(RuntimeException.class);
        assertThat(store.find(ALICE, saved.id(), T0)).contains(saved);
    }

    @Test
    void a_revoked_session_is_gone_and_only_its_tenant_can_revoke_it() {
        Session s = session(ALICE, T0);
        store.save(s);

        assertThat(store.revoke(BOB, s.id())).isFalse();
        assertThat(store.find(ALICE, s.id(), T0)).isPresent();
        assertThat(store.revoke(ALICE, s.id())).isTrue();
        assertThat(store.find(ALICE, s.id(), T0)).isEmpty();
        assertThat(store.revoke(ALICE, s.id())).isFalse();
    }

    @Test
    void revoking_by_memory_ends_exactly_the_tenants_sessions_that_hold_it() {
        dev.strata.domain.memory.MemoryId seven = dev.strata.domain.memory.MemoryId.of(7);
        dev.strata.domain.memory.MemoryId eight = dev.strata.domain.memory.MemoryId.of(8);
        Session holds = session(ALICE, T0);
        Session other = session(ALICE, T0);
        Session bobs = session(BOB, T0);
        store.save(holds, java.util.Set.of(seven, eight));
        store.save(other, java.util.Set.of(eight));
        store.save(bobs, java.util.Set.of(seven));

        assertThat(store.revokeHolding(ALICE, seven)).isEqualTo(1);

        assertThat(store.find(ALICE, holds.id(), T0)).isEmpty();
        assertThat(store.find(ALICE, other.id(), T0)).isPresent();
        assertThat(store.find(BOB, bobs.id(), T0)).isPresent();
        assertThat(store.revokeHolding(ALICE, seven)).isZero();
    }
}
