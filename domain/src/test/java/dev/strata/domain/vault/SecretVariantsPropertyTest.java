package dev.strata.domain.vault;

import dev.strata.domain.memory.Tenant;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;

import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Over thousands of generated secrets and disguises, no form of a registered secret survives the
 * scrubber, in plain text or inside a JSON document, and text without it is left alone.
 */
class SecretVariantsPropertyTest {

    private static final Tenant OWNER = Tenant.of("owner");

    @Property(tries = 3_000, shrinking = ShrinkingMode.OFF)
    void no_disguise_of_a_secret_survives_scrubbing(@ForAll long seed) {
        Random random = new Random(seed);
        String secret = SecretVariants.secret(random);
        CredentialScrubber scrubber = new CredentialScrubber();
        scrubber.register(OWNER, "TOKEN", secret);
        String variant = SecretVariants.variant(secret, random);
        String text = SecretVariants.filler(random) + variant + " " + SecretVariants.filler(random);
        assertThat(SecretVariants.holds(text, secret)).as("the generator must produce the secret").isTrue();

        String scrubbed = scrubber.scrubFor(Optional.of(OWNER), text, Optional.empty());

        assertThat(SecretVariants.holds(scrubbed, secret)).as("%s -> %s", text, scrubbed).isFalse();
        assertThat(scrubbed).contains("[REDACTED:vault:TOKEN]");
        assertThat(scrubber.containsSecret(scrubbed)).isFalse();
    }

    @Property(tries = 1_500, shrinking = ShrinkingMode.OFF)
    void a_secret_inside_a_json_string_is_redacted_and_the_document_keeps_its_shape(@ForAll long seed) {
        Random random = new Random(seed);
        String secret = SecretVariants.secret(random);
        CredentialScrubber scrubber = new CredentialScrubber();
        scrubber.register(OWNER, "TOKEN", secret);
        String variant = SecretVariants.variant(secret, random).replace("\\", "\\\\").replace("\"", "\\\"")
                .replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t");
        String json = "{\"content\":\"" + SecretVariants.filler(random).replace("\"", "\\\"") + variant + "\",\"n\":1}";

        String scrubbed = scrubber.scrub(json);

        assertThat(SecretVariants.holds(scrubbed, secret)).as(scrubbed).isFalse();
        assertThat(scrubbed).startsWith("{\"content\":\"").endsWith("\",\"n\":1}");
    }

    @Property(tries = 1_000, shrinking = ShrinkingMode.OFF)
    void text_that_does_not_hold_the_secret_is_unchanged(@ForAll long seed) {
        Random random = new Random(seed);
        String secret = SecretVariants.secret(random);
        CredentialScrubber scrubber = new CredentialScrubber();
        scrubber.register(OWNER, "TOKEN", secret);
        // The secret with one character dropped: a near miss must not be blacked out.
        int cut = 1 + random.nextInt(secret.length() - 2);
        String nearMiss = SecretVariants.filler(random) + secret.substring(0, cut) + "|" + secret.substring(cut + 1);

        assertThat(scrubber.scrub(nearMiss)).isEqualTo(nearMiss);
    }
}
