package dev.strata.bootstrap.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PrefixMeterTest {

    @Test
    void the_first_call_has_nothing_cached_and_an_extended_prompt_has_all_of_the_previous_one_cached() {
        PrefixMeter meter = new PrefixMeter();

        PrefixMeter.Measured first = meter.observe("system: be brief\n\nuser: hello there");
        PrefixMeter.Measured second = meter.observe("system: be brief\n\nuser: hello there\n\nassistant: hi");

        assertThat(first.cacheableTokens()).isZero();
        assertThat(first.promptTokens()).isPositive();
        assertThat(second.cacheableTokens()).isEqualTo(first.promptTokens());
        assertThat(second.promptTokens()).isGreaterThan(first.promptTokens());
    }

    @Test
    void a_change_early_in_the_prompt_leaves_only_what_precedes_it_cacheable() {
        PrefixMeter meter = new PrefixMeter();
        meter.observe("identity block. memories: A B C. conversation so far");

        PrefixMeter.Measured changed = meter.observe("identity block. memories: A B D. conversation so far");

        assertThat(changed.cacheableTokens()).isLessThan(changed.promptTokens());
        assertThat(PrefixMeter.sharedPrefix("identity block. memories: A B C.", "identity block. memories: A B D."))
                .isEqualTo("identity block. memories: A B ".length());
    }

    @Test
    void a_shared_prefix_never_ends_inside_a_surrogate_pair() {
        String a = "x\uD83D\uDE00";
        String b = "x\uD83D\uDE01";

        assertThat(PrefixMeter.sharedPrefix(a, b)).isEqualTo(1);
    }

    @Test
    void a_measure_cannot_cache_more_than_the_prompt() {
        assertThatIllegalArgumentException().isThrownBy(() -> new PrefixMeter.Measured(3, 4));
    }
}
