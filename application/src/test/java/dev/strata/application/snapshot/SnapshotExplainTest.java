package dev.strata.application.snapshot;

import dev.strata.domain.MutableClock;
import dev.strata.domain.fact.Fact;
import dev.strata.domain.fact.FactTransition;
import dev.strata.domain.fact.InMemoryFactStore;
import dev.strata.domain.fact.NewFact;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryKey;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.SaveOutcome;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.profile.InMemoryUserProfileStore;
import dev.strata.domain.snapshot.ExplainedLine;
import dev.strata.domain.snapshot.LeftOutEntry;
import dev.strata.domain.snapshot.LineOrigin;
import dev.strata.domain.snapshot.LinePlacement;
import dev.strata.domain.snapshot.SnapshotExplanation;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** "Why is this in my prompt?": each line of the block, what produced it, the rule that placed it, what was left out. */
class SnapshotExplainTest {

    private static final Tenant ME = Tenant.of("me");
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private final InMemoryMemoryStore memories = new InMemoryMemoryStore();
    private final InMemoryUserProfileStore profile = new InMemoryUserProfileStore();
    private final InMemoryFactStore facts = new InMemoryFactStore();
    private int second;

    private Memory add(String category, String content, Source source) {
        return memories.insert(new NewMemory(ME, Category.resolve(category), content, Metadata.EMPTY, source),
                T0.plusSeconds(second++));
    }

    private SnapshotService service(int cap) {
        return new SnapshotService(memories, profile, cap, new MutableClock(T0),
                tenant -> facts.activeOldestFirst(tenant, 50));
    }

    private static List<ExplainedLine> entries(SnapshotExplanation e) {
        return e.lines().stream().filter(l -> l.kind().isEntry()).toList();
    }

    @Test
    void every_line_of_the_rendered_block_is_explained_in_order_with_the_text_it_shows() {
        add("lesson", "trail stops by 8%", Source.USER_MANUAL);
        add("preference", "always use 0.5% slippage", Source.USER_EXPLICIT);
        profile.put(ME, "risk_tolerance", "conservative", T0);
        Fact fact = facts.insert(new NewFact(ME, "prefers weekly charts", Source.AGENT_RECORDED), T0);
        facts.apply(ME, List.of(FactTransition.activate(fact.id(), "x")), Optional.empty(), T0);
        SnapshotService service = service(50);

        SnapshotExplanation e = service.explain(ME);

        assertThat(e.lines()).extracting(ExplainedLine::text)
                .containsExactlyElementsOf(List.of(service.render(ME).split("\n", -1)));
        assertThat(e.lines()).extracting(ExplainedLine::number).startsWith(1, 2, 3);
        assertThat(e.lines()).extracting(l -> l.kind().wireName()).containsExactly("fence", "note", "note", "blank",
                "heading", "profile", "blank", "heading", "memory", "memory", "fact", "fence");
        assertThat(entries(e)).extracting(l -> l.origin().orElseThrow().category().orElse(""),
                l -> l.origin().orElseThrow().source().orElse(""), l -> l.placement().orElseThrow().rule(),
                l -> l.placement().orElseThrow().rank())
                .containsExactly(tuple("", "", "profile", 1),
                        tuple("lesson", "user_manual", "lesson", 1),
                        tuple("preference", "user_explicit", "user_stated", 2),
                        tuple("fact", "agent_recorded", "fact", 1));
        assertThat(entries(e).get(3).origin().orElseThrow().factId()).contains(fact.id().value());
        assertThat(entries(e).get(0).origin().orElseThrow().key()).contains("risk_tolerance");
    }

    @Test
    void a_memory_line_names_its_id_key_and_the_rule_and_rank_that_placed_it() {
        Memory keyed = ((SaveOutcome.Inserted) memories.save(new NewMemory(ME, Category.DECISION, "JWT with 15m expiry",
                Metadata.EMPTY, Source.AGENT_RECORDED, Optional.of(MemoryKey.of("auth"))), Optional.empty(), T0)).memory();
        add("identity", "I monitor the payment gateway", Source.USER_MANUAL);

        List<ExplainedLine> lines = entries(service(50).explain(ME));

        assertThat(lines).extracting(l -> l.origin().orElseThrow().memoryId().orElseThrow(),
                        l -> l.placement().orElseThrow().rule(), l -> l.placement().orElseThrow().rank())
                .containsExactly(tuple(lines.get(0).origin().orElseThrow().memoryId().orElseThrow(), "identity", 1),
                        tuple(keyed.id().value(), "decision", 2));
        LineOrigin origin = lines.get(1).origin().orElseThrow();
        assertThat(origin.key()).contains("auth");
        assertThat(lines.get(1).text()).isEqualTo("[decision] [auth]: JWT with 15m expiry");
        LinePlacement placement = lines.get(1).placement().orElseThrow();
        assertThat(placement.bound()).isEqualTo(50);
        assertThat(placement.reason()).contains("decisions", "rank 2 of cap 50");
        assertThat(lines.get(0).placement().orElseThrow().reason()).contains("identity first", "never dropped");
    }

    @Test
    void what_the_budget_left_out_is_listed_with_the_rank_it_would_have_had_and_why() {
        add("context", "oldest context", Source.AGENT_RECORDED);
        add("decision", "a decision", Source.AGENT_RECORDED);
        add("preference", "a preference", Source.USER_MANUAL);
        add("reference", "search only", Source.USER_MANUAL);

        SnapshotExplanation e = service(1).explain(ME);

        assertThat(entries(e)).extracting(ExplainedLine::text).containsExactly("[preference] a preference");
        assertThat(e.injectable()).isEqualTo(3);
        assertThat(e.leftOutTotal()).isEqualTo(2);
        assertThat(e.leftOut()).extracting(l -> l.origin().category().orElseThrow(), l -> l.placement().rule(),
                        l -> l.placement().rank())
                .containsExactly(tuple("decision", "decision", 2), tuple("context", "context", 3));
        LeftOutEntry first = e.leftOut().get(0);
        assertThat(first.placement().reason()).contains("would be rank 2", "beyond the cap of 1", "still searchable");
    }

    @Test
    void identities_beyond_the_cap_are_still_injected_and_say_so() {
        add("identity", "first", Source.USER_MANUAL);
        add("identity", "second", Source.USER_MANUAL);

        List<ExplainedLine> lines = entries(service(1).explain(ME));

        assertThat(lines).hasSize(2);
        assertThat(lines.get(1).placement().orElseThrow().reason()).contains("rank 2", "beyond the cap of 1");
    }

    @Test
    void an_empty_tenant_s_block_explains_its_frame_only() {
        SnapshotExplanation e = service(50).explain(ME);

        assertThat(e.lines()).extracting(l -> l.kind().wireName()).containsExactly("fence", "note", "note", "fence");
        assertThat(e.leftOut()).isEmpty();
    }

    @Test
    void a_session_gets_no_block_when_there_is_nothing_to_show_but_the_profile() {
        profile.put(ME, "risk_tolerance", "conservative", T0);

        SnapshotService.ExplainedSnapshot forSession = service(50).forSession(ME);

        assertThat(forSession.text()).isEmpty();
        assertThat(forSession.explanation().lines()).isEmpty();
        add("lesson", "trail stops", Source.USER_MANUAL);
        assertThat(service(50).forSession(ME).text()).contains("[lesson] trail stops").doesNotContain("conservative");
    }
}
