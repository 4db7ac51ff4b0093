package dev.strata.domain.prompt;

import dev.strata.domain.safety.PromptInjectionScanner;
import dev.strata.domain.workspace.WorkspaceKind;
import dev.strata.domain.workspace.WorkspaceLimits;
import dev.strata.domain.workspace.WorkspaceRead;
import dev.strata.domain.workspace.WorkspaceReadBuilder;
import dev.strata.domain.workspace.WorkspaceSource;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class GroundTruthTest {

    private static WorkspaceRead workspace(WorkspaceSource... sources) {
        return new WorkspaceReadBuilder(WorkspaceLimits.defaults(), new PromptInjectionScanner())
                .build("/ws", LocalDate.of(2026, 11, 22), List.of(sources), List.of());
    }

    @Test
    void user_md_outranks_memory_md_and_the_last_statement_in_a_file_wins() {
        GroundTruth truth = GroundTruth.of(workspace(
                WorkspaceSource.of(WorkspaceKind.USER, "- risk_tolerance: balanced\n- risk tolerance: conservative"),
                WorkspaceSource.of(WorkspaceKind.MEMORY, "- Risk-Tolerance: aggressive\n- home_language: de")));

        assertThat(truth.statement("Risk tolerance")).hasValue(new StatedValue("risk_tolerance", "conservative", "USER.md"));
        assertThat(truth.statement("home_language")).hasValue(new StatedValue("home_language", "de", "MEMORY.md"));
        assertThat(truth.statement("timezone")).isEmpty();
    }

    @Test
    void only_user_md_and_memory_md_state_ground_truth() {
        GroundTruth truth = GroundTruth.of(workspace(
                WorkspaceSource.of(WorkspaceKind.SOUL, "- risk_tolerance: aggressive"),
                WorkspaceSource.dailyNote(LocalDate.of(2026, 11, 22), "- risk_tolerance: aggressive")));

        assertThat(truth.statement("risk_tolerance")).isEmpty();
    }

    @Test
    void a_derived_value_that_differs_on_the_same_key_is_a_conflict_and_an_equal_one_is_not() {
        GroundTruth truth = GroundTruth.of(workspace(
                WorkspaceSource.of(WorkspaceKind.USER, "- risk_tolerance: conservative\n- home_language: en")));

        List<PrecedenceConflict> conflicts = truth.conflicts(List.of(
                new StatedValue("risk_tolerance", "aggressive", GroundTruth.USER_PROFILE),
                new StatedValue("Home language", "EN.", GroundTruth.USER_PROFILE),
                new StatedValue("risk tolerance", "aggressive", GroundTruth.USER_PROFILE),
                new StatedValue("risk_tolerance", "aggressive", GroundTruth.MEMORY_STORE),
                new StatedValue("timezone", "UTC", GroundTruth.USER_PROFILE)));

        assertThat(conflicts).containsExactly(
                new PrecedenceConflict(new StatedValue("risk_tolerance", "conservative", "USER.md"),
                        new StatedValue("risk_tolerance", "aggressive", GroundTruth.USER_PROFILE)),
                new PrecedenceConflict(new StatedValue("risk_tolerance", "conservative", "USER.md"),
                        new StatedValue("risk_tolerance", "aggressive", GroundTruth.MEMORY_STORE)));
    }

    @Test
    void statements_are_bullets_with_a_value_that_is_not_a_placeholder() {
        assertThat(GroundTruth.statementsIn("""
                ## User Profile
                - risk_tolerance: conservative
                - empty:
                - **Name:** _(optional)_
                [preference] user always sets slippage to 0.5%
                plain: not a bullet
                """, GroundTruth.MEMORY_STORE))
                .containsExactly(new StatedValue("risk_tolerance", "conservative", GroundTruth.MEMORY_STORE));
    }

    @Test
    void the_memory_context_states_values_as_bullets_or_as_categorised_memory_lines() {
        assertThat(GroundTruth.derivedStatementsIn("""
                <memory-context>
                ## User Profile
                - risk_tolerance: aggressive
                ## Observations
                [personalization] preferred chains: solana
                [preference] user always sets slippage to 0.5%
                [observation] user said this about fees: too high for small trades
                </memory-context>
                """, GroundTruth.MEMORY_STORE))
                .containsExactly(
                        new StatedValue("risk_tolerance", "aggressive", GroundTruth.MEMORY_STORE),
                        new StatedValue("preferred_chains", "solana", GroundTruth.MEMORY_STORE));
    }
}
