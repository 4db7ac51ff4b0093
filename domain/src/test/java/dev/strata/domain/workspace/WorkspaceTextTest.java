package dev.strata.domain.workspace;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkspaceTextTest {

    @Test
    void normalise_drops_bom_crlf_leading_blank_lines_and_trailing_whitespace() {
        assertThat(WorkspaceText.normalise("\uFEFF\r\n  \r\n# Title\r\n  indented\rline  \n\n\n"))
                .isEqualTo("# Title\n  indented\nline");
    }

    @Test
    void text_within_the_cap_is_unchanged() {
        assertThat(WorkspaceText.truncate("short", 600, "SOUL.md", "5 characters")).isEqualTo("short");
    }

    @Test
    void oversized_text_keeps_head_and_tail_around_a_marker_naming_the_file() {
        String text = "H".repeat(5_000) + "M".repeat(5_000) + "T".repeat(5_000);

        String kept = WorkspaceText.truncate(text, 1_000, "memory/2026-11-22.md", "15000 characters");

        assertThat(kept.length()).isLessThanOrEqualTo(1_000);
        assertThat(kept).startsWith("HHHH").endsWith("TTTT").doesNotContain("M");
        String[] lines = kept.split("\n");
        assertThat(lines).hasSize(3);
        int head = lines[0].length();
        int tail = lines[2].length();
        assertThat(lines[1]).isEqualTo("[...truncated memory/2026-11-22.md: kept the first " + head + " and the last " + tail
                + " characters of 15000 characters; read memory/2026-11-22.md in the workspace for the full text...]");
        assertThat(head).isGreaterThan(3 * tail);
    }

    @Test
    void truncation_never_splits_a_surrogate_pair() {
        String emoji = "😀";
        String text = emoji.repeat(2_000);

        for (int max = 600; max < 620; max++) {
            String kept = WorkspaceText.truncate(text, max, "USER.md", "4000 characters");
            String[] parts = kept.split("\n");
            assertThat(parts[0].codePoints()).allMatch(cp -> cp == emoji.codePointAt(0));
            assertThat(parts[2].codePoints()).allMatch(cp -> cp == emoji.codePointAt(0));
            assertThat(kept.length()).isLessThanOrEqualTo(max);
        }
    }

    @Test
    void a_cap_too_small_for_the_marker_is_refused() {
        assertThatThrownBy(() -> WorkspaceText.truncate("x".repeat(500), 100, "SOUL.md", "500 characters"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
