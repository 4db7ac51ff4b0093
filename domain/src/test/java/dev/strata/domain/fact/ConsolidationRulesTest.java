package dev.strata.domain.fact;

import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class ConsolidationRulesTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Fact NEW = new Fact(FactId.of(10), ALICE, "prefers daily charts", "prefers daily charts",
            FactStatus.PENDING, Source.AGENT_RECORDED, Instant.EPOCH, Optional.empty(), Optional.empty(), Optional.empty());
    private static final ConsolidationCandidate F1 = new ConsolidationCandidate("F1", RowRef.fact(FactId.of(3)), ALICE,
            "prefers weekly charts", Source.AGENT_RECORDED);
    private static final ConsolidationCandidate U1 = new ConsolidationCandidate("U1", RowRef.memory(7), ALICE,
            "I prefer weekly charts", Source.USER_MANUAL);
    private static final List<ConsolidationCandidate> CANDIDATES = List.of(F1, U1);

    private static ConsolidationDecision decision(ConsolidationDecision.Kind kind, String target) {
        return new ConsolidationDecision(kind, Optional.of(target), "model says so");
    }

    @Test
    void keep_both_is_always_allowed() {
        assertThat(ConsolidationRules.check(NEW, ConsolidationDecision.keepBoth("different topics"), CANDIDATES))
                .isEqualTo(new ConsolidationRules.Allowed(ConsolidationDecision.keepBoth("different topics"), Optional.empty()));
    }

    @Test
    void superseding_an_agent_fact_is_allowed() {
        var verdict = ConsolidationRules.check(NEW, decision(ConsolidationDecision.Kind.SUPERSEDE, "F1"), CANDIDATES);
        assertThat(verdict).isInstanceOf(ConsolidationRules.Allowed.class);
        assertThat(((ConsolidationRules.Allowed) verdict).target()).contains(F1);
    }

    @Test
    void local_ids_match_regardless_of_case() {
        assertThat(ConsolidationRules.check(NEW, decision(ConsolidationDecision.Kind.SUPERSEDE, " f1 "), CANDIDATES))
                .isInstanceOf(ConsolidationRules.Allowed.class);
    }

    @Test
    void a_duplicate_of_the_users_own_row_retires_only_the_new_fact() {
        var verdict = ConsolidationRules.check(NEW, decision(ConsolidationDecision.Kind.DUPLICATE, "U1"), CANDIDATES);
        assertThat(verdict).isEqualTo(new ConsolidationRules.Allowed(decision(ConsolidationDecision.Kind.DUPLICATE, "U1"),
                Optional.of(U1)));
    }

    @Test
    void never_retires_a_user_manual_row() {
        var verdict = ConsolidationRules.check(NEW, decision(ConsolidationDecision.Kind.SUPERSEDE, "U1"), CANDIDATES);
        assertThat(verdict).isInstanceOf(ConsolidationRules.Refused.class);
        assertThat(((ConsolidationRules.Refused) verdict).reason()).contains("user_manual");
        assertThat(((ConsolidationRules.Refused) verdict).target()).contains(U1);

        Fact manual = new Fact(NEW.id(), ALICE, NEW.content(), NEW.normalized(), FactStatus.PENDING, Source.USER_MANUAL,
                Instant.EPOCH, Optional.empty(), Optional.empty(), Optional.empty());
        assertThat(ConsolidationRules.check(manual, decision(ConsolidationDecision.Kind.DUPLICATE, "F1"), CANDIDATES))
                .isInstanceOf(ConsolidationRules.Refused.class);
    }

    @Test
    void refuses_ids_that_were_not_shown() {
        for (String madeUp : List.of("F9", "3", "fact:3", "U2")) {
            var verdict = ConsolidationRules.check(NEW, decision(ConsolidationDecision.Kind.SUPERSEDE, madeUp), CANDIDATES);
            assertThat(verdict).as(madeUp).isInstanceOf(ConsolidationRules.Refused.class);
            assertThat(((ConsolidationRules.Refused) verdict).reason()).contains("not among the candidates", "F1, U1");
        }
    }

    @Test
    void refuses_a_decision_without_a_target() {
        var verdict = ConsolidationRules.check(NEW, new ConsolidationDecision(ConsolidationDecision.Kind.DUPLICATE,
                Optional.of("  "), "same"), CANDIDATES);
        assertThat(verdict).isInstanceOf(ConsolidationRules.Refused.class);
    }

    @Test
    void refuses_rows_of_another_tenant() {
        ConsolidationCandidate foreign = new ConsolidationCandidate("F2", RowRef.fact(FactId.of(4)), Tenant.of("bob"),
                "prefers weekly charts", Source.AGENT_RECORDED);
        var verdict = ConsolidationRules.check(NEW, decision(ConsolidationDecision.Kind.SUPERSEDE, "F2"), List.of(F1, foreign));
        assertThat(verdict).isInstanceOf(ConsolidationRules.Refused.class);
        assertThat(((ConsolidationRules.Refused) verdict).reason()).contains("another tenant");
    }

    @Test
    void never_retires_a_memory_row() {
        ConsolidationCandidate inferred = new ConsolidationCandidate("U2", RowRef.memory(8), ALICE, "likes weekly charts",
                Source.INFERRED);
        var verdict = ConsolidationRules.check(NEW, decision(ConsolidationDecision.Kind.SUPERSEDE, "U2"), List.of(inferred));
        assertThat(verdict).isInstanceOf(ConsolidationRules.Refused.class);
        assertThat(((ConsolidationRules.Refused) verdict).reason()).contains("not a fact");
    }
}
