package dev.strata.domain.workspace;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class IdentityMetadataTest {

    @Test
    void reads_name_vibe_and_emoji_in_openclaw_template_style() {
        IdentityMetadata identity = IdentityMetadata.parse("""
                # IDENTITY.md - Who Am I?

                - **Name:** Kestrel
                - **Creature:** a small falcon
                - **Vibe:** calm, precise
                - **Emoji:** 🦅
                - **Name:** Ignored second name
                """);

        assertThat(identity).isEqualTo(new IdentityMetadata(Optional.of("Kestrel"), Optional.of("calm, precise"), Optional.of("🦅")));
    }

    @Test
    void template_placeholders_count_as_unset() {
        IdentityMetadata identity = IdentityMetadata.parse("""
                - **Name:** _(pick something you like)_
                - **Vibe:** <how you come across>
                - **Emoji:**
                """);

        assertThat(identity).isEqualTo(IdentityMetadata.empty());
    }
}
