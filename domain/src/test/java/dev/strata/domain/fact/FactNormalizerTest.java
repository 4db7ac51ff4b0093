package dev.strata.domain.fact;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FactNormalizerTest {

    @Test
    void folds_case_whitespace_and_trailing_punctuation() {
        assertThat(FactNormalizer.normalize("  User   prefers\tWEEKLY\ncharts.  ")).isEqualTo("user prefers weekly charts");
        assertThat(FactNormalizer.normalize("user prefers weekly charts!?")).isEqualTo("user prefers weekly charts");
        assertThat(FactNormalizer.normalize("user prefers weekly charts . ")).isEqualTo("user prefers weekly charts");
        assertThat(FactNormalizer.normalize("user prefers weekly charts…")).isEqualTo("user prefers weekly charts");
    }

    @Test
    void applies_unicode_nfkc() {
        assertThat(FactNormalizer.normalize("ＵＳＥＲ holds ＢＴＣ")).isEqualTo("user holds btc");
        assertThat(FactNormalizer.normalize("user\u00A0likes e\u0301tudes")).isEqualTo("user likes \u00e9tudes");
        assertThat(FactNormalizer.normalize("ﬁne")).isEqualTo("fine");
        assertThat(FactNormalizer.normalize("用户偏好周线图。")).isEqualTo("用户偏好周线图");
        assertThat(FactNormalizer.normalize("用户偏好周线图！")).isEqualTo("用户偏好周线图");
    }

    @Test
    void keeps_everything_that_changes_meaning() {
        assertThat(FactNormalizer.normalize("uses 0.5% slippage")).isNotEqualTo(FactNormalizer.normalize("uses 5% slippage"));
        assertThat(FactNormalizer.normalize("uses 0.5% slippage")).isEqualTo("uses 0.5% slippage");
        assertThat(FactNormalizer.normalize("budget is $500")).isEqualTo("budget is $500");
        assertThat(FactNormalizer.normalize("likes ETH, not BTC")).isEqualTo("likes eth, not btc");
        assertThat(FactNormalizer.normalize("charts weekly prefers")).isNotEqualTo(FactNormalizer.normalize("prefers weekly charts"));
    }

    @Test
    void is_idempotent() {
        String once = FactNormalizer.normalize(" Ｐrefers  weekly charts!! ");
        assertThat(FactNormalizer.normalize(once)).isEqualTo(once);
    }
}
