package dev.strata.application.session;

import dev.strata.application.profile.ProfileService;
import dev.strata.application.snapshot.SnapshotService;
import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.profile.InMemoryUserProfileStore;
import dev.strata.domain.prompt.PromptBlock;
import dev.strata.domain.session.InMemorySessionExplanationStore;
import dev.strata.domain.session.InMemorySessionStore;
import dev.strata.domain.session.Session;
import dev.strata.domain.session.SessionId;
import dev.strata.domain.session.SessionStore;
import dev.strata.domain.workspace.InMemoryWorkspaceReader;
import dev.strata.domain.workspace.WorkspaceBootstrap;
import dev.strata.domain.workspace.WorkspaceLimits;
import dev.strata.domain.workspace.WorkspaceNotice;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SessionServiceTest {

    private static final Tenant ADA = Tenant.of("ada");
    private static final Tenant BOB = Tenant.of("bob");
    private static final Duration TTL = Duration.ofHours(2);

    private MutableClock clock;
    private InMemoryWorkspaceReader workspace;
    private InMemoryMemoryStore memories;
    private InMemoryUserProfileStore profiles;
    private InMemorySessionStore store;

    @BeforeEach
    void workspace() {
        clock = new MutableClock(Instant.parse("2026-11-22T09:30:00.123456Z"));
        workspace = new InMemoryWorkspaceReader(WorkspaceLimits.defaults(), clock)
                .put("SOUL.md", "# SOUL.md\n\nYou are Kestrel, a careful trading assistant.")
                .put("AGENTS.md", "# AGENTS.md\n\nAsk before any trade.")
                .put("IDENTITY.md", "- Name: Kestrel\n- Vibe: calm\n- Emoji: \uD83E\uDD85")
                .put("USER.md", "# USER.md\n\n- risk_tolerance: conservative")
                .put("TOOLS.md", "ssh host: trading-box")
                .put("BOOTSTRAP.md", "Introduce yourself and ask the user's name.")
                .put("memory/2026-11-22.md", "- bought 0.1 ETH");
        memories = new InMemoryMemoryStore();
        profiles = new InMemoryUserProfileStore();
        store = new InMemorySessionStore();
    }

    private SessionService service(SessionStore sessions, WorkspaceBootstrap bootstrap) {
        return new SessionService(workspace, bootstrap, new SnapshotService(memories, profiles, 50, clock),
                new ProfileService(profiles, clock, new InMemoryAuditLog()), sessions,
                new InMemorySessionExplanationStore(store), TTL, clock);
    }

    private SessionService service() {
        return service(store, workspace);
    }

    private SessionService service(SessionLessons lessons) {
        return new SessionService(workspace, workspace, new SnapshotService(memories, profiles, 50, clock),
                new ProfileService(profiles, clock, new InMemoryAuditLog()), store,
                new InMemorySessionExplanationStore(store), TTL, clock, new dev.strata.domain.vault.CredentialScrubber(),
                lessons);
    }

    private static final dev.strata.domain.role.SkillId VALUATION = dev.strata.domain.role.SkillId.of("analysis.valuation");

    /** What the role area answers: ada's valuation skill has one lesson; everything else has none. */
    private final SessionLessons oneLesson = (tenant, skills) -> tenant.equals(ADA) && skills.contains(VALUATION)
            ? java.util.Optional.of(PromptBlock.of(PromptBlock.LESSONS, List.of(
                    dev.strata.domain.prompt.PromptRenderer.literal("## Lessons from past decisions\n\n- check funding")),
                    false))
            : java.util.Optional.empty();

    @Test
    void a_session_started_with_skills_holds_their_lessons_right_after_the_cached_identity_prefix() {
        remember(ADA, "user avoided meme coins");
        profiles.put(ADA, "home_language", "en", clock.instant());
        workspace.delete();
        String plainIdentity = service(oneLesson).start(ADA).blocks().get(0).text();

        Session s = service(oneLesson).start(ADA, List.of(VALUATION));

        assertThat(s.blocks()).extracting(PromptBlock::name, PromptBlock::cache).containsExactly(
                org.assertj.core.groups.Tuple.tuple("identity", true),
                org.assertj.core.groups.Tuple.tuple("lessons", false),
                org.assertj.core.groups.Tuple.tuple("memory", false),
                org.assertj.core.groups.Tuple.tuple("personalization", false));
        assertThat(s.blocks().get(0).text()).as("the cached prefix is the same bytes with or without lessons")
                .isEqualTo(plainIdentity);
        assertThat(s.prompt()).contains("- check funding");
        clock.advance(Duration.ofMinutes(30));
        assertThat(service(oneLesson).prompt(ADA, s.id())).isEqualTo(s.prompt());
    }

    @Test
    void without_skills_or_without_lessons_there_is_no_lessons_block_and_no_lookup() {
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        SessionLessons counting = (tenant, skills) -> {
            asked.incrementAndGet();
            return oneLesson.block(tenant, skills);
        };

        assertThat(service(counting).start(ADA).blocks()).extracting(PromptBlock::name).doesNotContain("lessons");
        assertThat(asked).hasValue(0);
        assertThat(service(counting).start(BOB, List.of(VALUATION)).blocks()).extracting(PromptBlock::name)
                .doesNotContain("lessons");
        assertThat(service(counting).start(ADA, List.of(dev.strata.domain.role.SkillId.of("market.onchain"))).blocks())
                .extracting(PromptBlock::name).doesNotContain("lessons");
        assertThat(asked).hasValue(2);
    }

    @Test
    void lessons_that_cannot_be_read_leave_the_session_without_the_block_rather_than_failing_its_start() {
        Session s = service((tenant, skills) -> {
            throw new IllegalStateException("role store unavailable");
        }).start(ADA, List.of(VALUATION));

        assertThat(s.blocks()).extracting(PromptBlock::name).containsExactly("identity", "memory", "personalization");
        assertThat(store.find(ADA, s.id(), clock.instant())).isPresent();
    }

    private void remember(Tenant tenant, String content) {
        memories.insert(new NewMemory(tenant, Category.OBSERVATION, content, Metadata.EMPTY, Source.AGENT_RECORDED),
                clock.instant());
    }

    @Test
    void a_session_holds_the_documented_blocks_in_order_and_identity_only_as_metadata() {
        remember(ADA, "user avoided meme coins");
        profiles.put(ADA, "home_language", "en", clock.instant());

        Session s = service().start(ADA);

        assertThat(s.blocks()).extracting(PromptBlock::name, PromptBlock::cache).containsExactly(
                org.assertj.core.groups.Tuple.tuple("identity", true),
                org.assertj.core.groups.Tuple.tuple("memory", false),
                org.assertj.core.groups.Tuple.tuple("personalization", false));
        assertThat(s.prompt()).contains("You are Kestrel", "## memory/2026-11-22.md", "[observation] user avoided meme coins",
                "- home_language: en").doesNotContain("ssh host", "Vibe");
        assertThat(s.identity().name()).contains("Kestrel");
        assertThat(s.identity().emoji()).contains("\uD83E\uDD85");
        assertThat(s.tenant()).isEqualTo(ADA);
        assertThat(s.createdAt()).isEqualTo(Instant.parse("2026-11-22T09:30:00.123Z"));
        assertThat(s.expiresAt()).isEqualTo(s.createdAt().plus(TTL));
    }

    @Test
    void bootstrap_runs_in_the_first_session_only_and_is_deleted_once_that_session_is_stored() {
        Session first = service().start(ADA);
        Session second = service().start(ADA);

        assertThat(first.bootstrap()).isTrue();
        assertThat(first.prompt()).contains("## BOOTSTRAP.md", "Introduce yourself");
        assertThat(workspace.contains("BOOTSTRAP.md")).isFalse();
        assertThat(second.bootstrap()).isFalse();
        assertThat(second.prompt()).doesNotContain("BOOTSTRAP", "Introduce yourself");
        // BOOTSTRAP.md comes after SOUL and AGENTS, so later sessions share the first one's identity prefix.
        assertThat(first.blocks().get(0).text()).startsWith(second.blocks().get(0).text());
    }

    @Test
    void the_workspace_is_the_servers_so_bootstrap_runs_once_across_tenants() {
        assertThat(service().start(ADA).bootstrap()).isTrue();
        assertThat(service().start(BOB).bootstrap()).isFalse();
    }

    @Test
    void bootstrap_is_deleted_only_after_the_session_is_stored() {
        List<Boolean> presentAtSave = new ArrayList<>();
        SessionStore watching = new SessionStore() {
            @Override
            public void save(Session session, java.util.Set<dev.strata.domain.memory.MemoryId> holding) {
                presentAtSave.add(workspace.contains("BOOTSTRAP.md"));
                store.save(session, holding);
            }

            @Override
            public Optional<Session> find(Tenant tenant, SessionId id, Instant now) {
                return store.find(tenant, id, now);
            }

            @Override
            public boolean revoke(Tenant tenant, SessionId id) {
                return store.revoke(tenant, id);
            }

            @Override
            public int revokeHolding(Tenant tenant, dev.strata.domain.memory.MemoryId memory) {
                return store.revokeHolding(tenant, memory);
            }

            @Override
            public int purgeExpired(Instant now) {
                return store.purgeExpired(now);
            }
        };

        service(watching, workspace).start(ADA);

        assertThat(presentAtSave).containsExactly(true);
        assertThat(workspace.contains("BOOTSTRAP.md")).isFalse();
    }

    @Test
    void when_storing_the_session_fails_bootstrap_stays_for_the_next_session() {
        SessionStore failing = new SessionStore() {
            @Override
            public void save(Session session, java.util.Set<dev.strata.domain.memory.MemoryId> holding) {
                throw new IllegalStateException("disk full");
            }

            @Override
            public Optional<Session> find(Tenant tenant, SessionId id, Instant now) {
                return Optional.empty();
            }

            @Override
            public boolean revoke(Tenant tenant, SessionId id) {
                return false;
            }

            @Override
            public int revokeHolding(Tenant tenant, dev.strata.domain.memory.MemoryId memory) {
                return 0;
            }

            @Override
            public int purgeExpired(Instant now) {
                return 0;
            }
        };

        assertThatThrownBy(() -> service(failing, workspace).start(ADA)).hasMessageContaining("disk full");
        assertThat(workspace.contains("BOOTSTRAP.md")).isTrue();
        assertThat(service().start(ADA).bootstrap()).isTrue();
    }

    @Test
    void a_bootstrap_that_cannot_be_deleted_does_not_fail_the_stored_session() {
        Session s = service(store, () -> {
            throw new IllegalStateException("read-only file system");
        }).start(ADA);

        assertThat(s.bootstrap()).isTrue();
        assertThat(service(store, workspace).get(ADA, s.id())).isEqualTo(s);
    }

    @Test
    void concurrent_starts_include_bootstrap_exactly_once() throws Exception {
        SessionService service = service();
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Session>> started = new ArrayList<>();
        try {
            for (int i = 0; i < threads; i++) {
                Tenant tenant = i % 2 == 0 ? ADA : BOB;
                started.add(pool.submit(() -> {
                    go.await();
                    return service.start(tenant);
                }));
            }
            go.countDown();
            List<Session> sessions = new ArrayList<>();
            for (Future<Session> f : started) {
                sessions.add(f.get(30, TimeUnit.SECONDS));
            }
            assertThat(sessions).filteredOn(Session::bootstrap).hasSize(1);
            assertThat(sessions).filteredOn(s -> s.prompt().contains("Introduce yourself")).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void a_sessions_prompt_is_frozen_while_memories_profile_and_workspace_change_and_the_next_session_sees_the_changes()
            throws Exception {
        remember(ADA, "first observation");
        SessionService service = service();
        Session frozen = service.start(ADA);
        String before = service.prompt(ADA, frozen.id());

        ExecutorService writers = Executors.newFixedThreadPool(3);
        try {
            List<Callable<Void>> jobs = new ArrayList<>();
            for (int w = 0; w < 3; w++) {
                int writer = w;
                jobs.add(() -> {
                    for (int i = 0; i < 50; i++) {
                        remember(ADA, "written meanwhile " + writer + "-" + i);
                        profiles.put(ADA, "key_" + writer, "value " + i, clock.instant());
                        workspace.put("USER.md", "- risk_tolerance: edited " + writer + "-" + i);
                    }
                    return null;
                });
            }
            List<Future<Void>> running = jobs.stream().map(writers::submit).toList();
            for (int i = 0; i < 100; i++) {
                assertThat(service.prompt(ADA, frozen.id())).isEqualTo(before);
            }
            for (Future<Void> f : running) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            writers.shutdownNow();
        }

        assertThat(service.prompt(ADA, frozen.id())).isEqualTo(before).doesNotContain("written meanwhile");
        Session next = service.start(ADA);
        assertThat(next.prompt()).contains("written meanwhile", "key_0", "risk_tolerance: edited");
    }

    @Test
    void the_same_inputs_render_the_same_bytes() {
        workspace.delete();
        SessionService service = service();

        assertThat(service.start(ADA).prompt()).isEqualTo(service.start(ADA).prompt());
    }

    @Test
    void the_workspace_value_outranks_a_contradicting_profile_value() {
        profiles.put(ADA, "risk_tolerance", "aggressive", clock.instant());

        Session s = service().start(ADA);

        String personalization = s.blocks().stream().filter(b -> b.name().equals("personalization")).findFirst()
                .orElseThrow().text();
        assertThat(personalization).contains("- risk_tolerance: conservative",
                "risk_tolerance: aggressive (inferred; USER.md says \"conservative\", which wins)",
                "## Ground truth",
                "- risk_tolerance: \"conservative\" (USER.md), not \"aggressive\" (user profile)");
        assertThat(s.prompt().split("aggressive", -1)).as("the overruled value appears only as evidence")
                .hasSize(3);
        assertThat(s.prompt()).doesNotContain("## User Profile");
    }

    @Test
    void memory_context_and_profile_are_the_tenants_own() {
        remember(ADA, "ada's secret");
        profiles.put(ADA, "home_language", "en", clock.instant());

        Session bobs = service().start(BOB);

        assertThat(bobs.prompt()).doesNotContain("ada's secret", "home_language").contains("You are Kestrel");
        assertThatThrownBy(() -> service().get(BOB, service().start(ADA).id())).isInstanceOf(NotFoundException.class);
    }

    @Test
    void sessions_expire_after_the_ttl_and_the_purge_removes_them() {
        SessionService service = service();
        Session s = service.start(ADA);

        clock.advance(TTL.minusMillis(1));
        assertThat(service.get(ADA, s.id())).isEqualTo(s);
        Session later = service.start(ADA);
        clock.advance(Duration.ofMillis(1));
        assertThatThrownBy(() -> service.get(ADA, s.id())).isInstanceOf(NotFoundException.class)
                .hasMessageContaining(s.id().value());
        assertThat(service.purgeExpired()).isEqualTo(1);
        assertThat(store.size()).isEqualTo(1);
        assertThat(service.get(ADA, later.id())).isEqualTo(later);
    }

    @Test
    void the_daily_note_window_follows_the_clock_across_midnight() {
        workspace.delete();
        workspace.put("memory/2026-12-31.md", "- new year's eve")
                .put("memory/2026-12-29.md", "- three days before new year")
                .put("memory/2026-12-28.md", "- four days before new year")
                .put("memory/2027-01-01.md", "- new year's day");
        SessionService service = service();

        clock.set(Instant.parse("2026-12-31T23:59:59.999Z"));
        Session eve = service.start(ADA);
        clock.set(Instant.parse("2027-01-01T00:00:00Z"));
        Session newYear = service.start(ADA);

        assertThat(eve.prompt()).contains("memory/2026-12-31.md", "memory/2026-12-29.md")
                .doesNotContain("2027-01-01", "2026-12-28");
        assertThat(newYear.prompt()).contains("memory/2027-01-01.md", "memory/2026-12-31.md")
                .doesNotContain("2026-12-29", "2026-12-28");
    }

    @Test
    void workspace_notices_travel_with_the_session() {
        workspace.put("MEMORY.md", "x".repeat(WorkspaceLimits.DEFAULT_MAX_FILE_CHARS + 100));

        Session s = service().start(ADA);

        assertThat(s.notices()).extracting(WorkspaceNotice::type, WorkspaceNotice::path)
                .contains(org.assertj.core.groups.Tuple.tuple(WorkspaceNotice.Type.TRUNCATED, "MEMORY.md"));
    }

    @Test
    void the_ttl_must_be_positive() {
        assertThatThrownBy(() -> new SessionService(workspace, workspace, new SnapshotService(memories, profiles, 50, clock),
                new ProfileService(profiles, clock, new InMemoryAuditLog()), store,
                new InMemorySessionExplanationStore(store), Duration.ZERO, clock)).hasMessageContaining("ttl");
    }

    @Test
    void a_new_tenant_s_first_session_holds_no_empty_memory_context_block() {
        profiles.put(ADA, "home_language", "en", clock.instant());
        SessionService service = service();

        Session s = service.start(ADA);

        assertThat(s.prompt()).doesNotContain("<memory-context>", "recalled memory context");
        assertThat(service.explain(ADA, s.id()).lines()).isEmpty();
    }

    @Test
    void a_session_s_explanation_is_frozen_with_its_prompt() {
        remember(ADA, "user avoided meme coins");
        SessionService service = service();
        Session s = service.start(ADA);
        memories.insert(new NewMemory(ADA, Category.LESSON, "written after the session started", Metadata.EMPTY,
                Source.AGENT_RECORDED), clock.instant());

        var explanation = service.explain(ADA, s.id());

        assertThat(explanation.lines()).filteredOn(l -> l.kind().isEntry()).singleElement().satisfies(l -> {
            assertThat(l.text()).isEqualTo("[observation] user avoided meme coins");
            assertThat(s.prompt()).contains(l.text());
            assertThat(l.origin().orElseThrow().source()).contains("agent_recorded");
        });
        assertThatThrownBy(() -> service.explain(BOB, s.id())).isInstanceOf(NotFoundException.class);
    }
}
