package dev.strata.domain.vault;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CredentialScrubberTest {

    private static final Tenant ACME = Tenant.of("acme");
    private final CredentialScrubber scrubber = new CredentialScrubber();

    @Test
    void with_nothing_registered_text_is_unchanged() {
        assertThat(scrubber.scrub("token sk-abc123456789 here")).isEqualTo("token sk-abc123456789 here");
    }

    @Test
    void every_occurrence_is_replaced_by_a_label_naming_the_key() {
        scrubber.register(ACME, "OPENAI_API_KEY", "sk-abc123456789");

        assertThat(scrubber.scrub("a sk-abc123456789 b sk-abc123456789"))
                .isEqualTo("a [REDACTED:vault:OPENAI_API_KEY] b [REDACTED:vault:OPENAI_API_KEY]");
    }

    @Test
    void a_tenants_output_names_only_its_own_keys() {
        Tenant beta = Tenant.of("beta");
        scrubber.register(ACME, "OPENAI_API_KEY", "sk-abc123456789");
        scrubber.register(beta, "DB_PASSWORD", "correct-horse-battery");
        String text = "sk-abc123456789 and correct-horse-battery";

        assertThat(scrubber.scrubFor(Optional.of(ACME), text, Optional.empty()))
                .isEqualTo("[REDACTED:vault:OPENAI_API_KEY] and [REDACTED:vault]");
        assertThat(scrubber.scrubFor(Optional.of(beta), text, Optional.empty()))
                .isEqualTo("[REDACTED:vault] and [REDACTED:vault:DB_PASSWORD]");
        assertThat(scrubber.scrubFor(Optional.empty(), text, Optional.empty()))
                .isEqualTo("[REDACTED:vault] and [REDACTED:vault]");
        assertThat(scrubber.scrub(text)).as("the operator's logs name every key")
                .isEqualTo("[REDACTED:vault:OPENAI_API_KEY] and [REDACTED:vault:DB_PASSWORD]");
    }

    @Test
    void a_value_two_tenants_stored_is_each_ones_own_under_its_own_key() {
        Tenant beta = Tenant.of("beta");
        scrubber.register(ACME, "SHARED", "same-value-12345");
        scrubber.register(beta, "ALSO_SHARED", "same-value-12345");

        assertThat(scrubber.scrubFor(Optional.of(ACME), "same-value-12345", Optional.empty()))
                .isEqualTo("[REDACTED:vault:SHARED]");
        assertThat(scrubber.scrubFor(Optional.of(beta), "same-value-12345", Optional.empty()))
                .isEqualTo("[REDACTED:vault:ALSO_SHARED]");
        assertThat(scrubber.scrubFor(Optional.of(Tenant.of("gamma")), "same-value-12345", Optional.of("other")))
                .isEqualTo("[REDACTED:vault]");
    }

    @Test
    void contains_secret_finds_raw_and_escaped_forms() {
        assertThat(scrubber.containsSecret("anything")).isFalse();
        scrubber.register(ACME, "k", "quote\"inside-1");
        assertThat(scrubber.containsSecret("x quote\"inside-1 y")).isTrue();
        assertThat(scrubber.containsSecret("x quote\\\"inside-1 y")).isTrue();
        assertThat(scrubber.containsSecret("x quote inside y")).isFalse();
    }

    @Test
    void the_longest_secret_wins_when_one_contains_another() {
        scrubber.register(ACME, "short", "password");
        scrubber.register(ACME, "long", "password-with-suffix");

        assertThat(scrubber.scrub("x password-with-suffix y password z"))
                .isEqualTo("x [REDACTED:vault:long] y [REDACTED:vault:short] z");
    }

    @Test
    void the_json_escaped_form_of_a_secret_is_redacted_too() {
        scrubber.register(ACME, "pem", "line\"one\"\nline\\two");

        assertThat(scrubber.scrub("{\"content\":\"see line\\\"one\\\"\\nline\\\\two now\"}"))
                .isEqualTo("{\"content\":\"see [REDACTED:vault:pem] now\"}");
        assertThat(scrubber.scrub("raw: line\"one\"\nline\\two")).isEqualTo("raw: [REDACTED:vault:pem]");
    }

    @Test
    void a_secret_whose_whitespace_was_reflowed_is_still_redacted() {
        scrubber.register(ACME, "pem", "-----BEGIN KEY-----\nMIIabc\r\nDEFghi\n-----END KEY-----\n");

        assertThat(scrubber.scrub("one line: -----BEGIN KEY----- MIIabc DEFghi -----END KEY----- done"))
                .isEqualTo("one line: [REDACTED:vault:pem] done");
        assertThat(scrubber.scrub("{\"v\":\"-----BEGIN KEY-----\\nMIIabc\\r\\nDEFghi\\n-----END KEY-----\"}"))
                .isEqualTo("{\"v\":\"[REDACTED:vault:pem]\"}");
        assertThat(scrubber.scrub("-----BEGIN KEY----- MIIabc")).isEqualTo("-----BEGIN KEY----- MIIabc");
    }

    @Test
    void regex_characters_in_secrets_are_literal() {
        scrubber.register(ACME, "k", "a.b*c+d$1\\E(x)");
        assertThat(scrubber.scrub("aXb*c+d$1\\E(x) a.b*c+d$1\\E(x)")).isEqualTo("aXb*c+d$1\\E(x) [REDACTED:vault:k]");
    }

    @Test
    void unregister_and_replace_all_forget_values() {
        scrubber.register(ACME, "k", "secret-value-1");
        scrubber.unregister(ACME, "k");
        assertThat(scrubber.scrub("secret-value-1")).isEqualTo("secret-value-1");

        scrubber.register(ACME, "k", "secret-value-1");
        scrubber.replaceAll(List.of(new VaultSecret(Tenant.of("beta"), "b", "secret-value-2")));
        assertThat(scrubber.scrub("secret-value-1 secret-value-2")).isEqualTo("secret-value-1 [REDACTED:vault:b]");
        assertThat(scrubber.size()).isEqualTo(1);
    }

    @Test
    void re_registering_a_key_replaces_its_old_value() {
        scrubber.register(ACME, "k", "first-secret-1");
        scrubber.register(ACME, "k", "second-secret-2");
        assertThat(scrubber.scrub("first-secret-1 second-secret-2")).isEqualTo("first-secret-1 [REDACTED:vault:k]");
    }

    @Test
    void values_shorter_than_the_minimum_are_never_registered() {
        scrubber.register(ACME, "pin", "1234");
        assertThat(scrubber.scrub("order 1234 shipped")).isEqualTo("order 1234 shipped");
        assertThat(scrubber.size()).isZero();
        assertThatThrownBy(() -> new VaultEntry("pin", "1234", true, Instant.EPOCH))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("value:");
        assertThat(new VaultEntry("pin", "1234", false, Instant.EPOCH).value()).isEqualTo("1234");
    }

    @Test
    void a_revealed_value_stays_while_other_secrets_are_still_redacted() {
        scrubber.register(ACME, "a", "alpha-secret-1");
        scrubber.register(ACME, "b", "bravo-secret-2");

        assertThat(scrubber.scrub("alpha-secret-1 bravo-secret-2", Optional.of("alpha-secret-1")))
                .isEqualTo("alpha-secret-1 [REDACTED:vault:b]");
    }

    @Test
    void a_value_shared_by_two_keys_is_labelled_deterministically() {
        scrubber.register(Tenant.of("zeta"), "zz", "shared-secret-9");
        scrubber.register(ACME, "aa", "shared-secret-9");
        assertThat(scrubber.scrub("shared-secret-9")).isEqualTo("[REDACTED:vault:aa]");
        scrubber.unregister(ACME, "aa");
        assertThat(scrubber.scrub("shared-secret-9")).isEqualTo("[REDACTED:vault:zz]");
    }

    @Test
    void entries_validate_keys_and_never_print_secrets() {
        assertThatThrownBy(() -> new VaultEntry("../x", "v", false, Instant.EPOCH))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("key:");
        assertThatThrownBy(() -> new VaultEntry("k", "", false, Instant.EPOCH))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("value:");
        assertThat(new VaultEntry("k", "hidden-value-1", true, Instant.EPOCH).toString()).doesNotContain("hidden");
    }

    @Test
    void case_width_zero_width_encoded_and_split_variants_of_a_secret_are_redacted_whole() {
        scrubber.register(ACME, "STRIPE", "sk_live_AbCdEf123456");

        List<String> variants = List.of(
                "SK_LIVE_ABCDEF123456",
                "sk_live_abcdef123456",
                "sk_live_Ab\u200BCdEf\u200C123456",
                "sk_live_Ab\u2060CdEf\uFEFF123\u00AD456",
                "sk%5Flive%5FAbCdEf123456",
                "%73%6B%5F%6C%69%76%65%5F%41%62%43%64%45%66%31%32%33%34%35%36",
                "sk_live_AbC dEf12 3456",
                "sk_live_\nAbCdEf\t123456",
                "\uFF53\uFF4B\uFF3F\uFF4C\uFF49\uFF56\uFF45_AbCdEf123456",
                "sk_live_&#65;bCdEf123456",
                "sk_live_Ab%E2%80%8BCdEf123456");
        for (String variant : variants) {
            String text = unescape("before " + variant + " after");
            assertThat(scrubber.scrub(text)).as(variant).isEqualTo("before [REDACTED:vault:STRIPE] after");
            assertThat(scrubber.containsSecret(text)).as(variant).isTrue();
        }
    }

    @Test
    void an_escape_is_never_cut_in_half_and_json_stays_json() {
        scrubber.register(ACME, "k", "tok\"en-12345");

        assertThat(scrubber.scrub("{\"v\":\"tok\\\"EN-12345\"}")).isEqualTo("{\"v\":\"[REDACTED:vault:k]\"}");
        assertThat(scrubber.scrub("{\"v\":\"tok\\u0022en-12345\"}")).isEqualTo("{\"v\":\"[REDACTED:vault:k]\"}");
    }

    @Test
    void overlapping_secrets_are_redacted_as_one_span_so_no_remainder_shows() {
        scrubber.register(ACME, "a", "alpha-bravo-1");
        scrubber.register(ACME, "b", "bravo-1-charlie");

        assertThat(scrubber.scrub("x alpha-bravo-1-charlie y")).isEqualTo("x [REDACTED:vault:b] y");
    }

    @Test
    void a_secret_whose_normalised_form_is_too_short_is_refused() {
        assertThatThrownBy(() -> new VaultEntry("k", "a b c d e f g", true, Instant.EPOCH))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("value:");
        assertThat(CredentialScrubber.isLongEnough("abcd efgh")).isTrue();
    }

    @Test
    void a_stored_copy_names_only_the_owners_keys() {
        Tenant beta = Tenant.of("beta");
        scrubber.register(beta, "DB_PASSWORD", "correct-horse-battery");

        assertThat(scrubber.redactFor(ACME, "pw CORRECT-HORSE-BATTERY")).isEqualTo("pw [REDACTED:vault]");
        assertThat(scrubber.redactFor(beta, "pw correct-horse-battery")).isEqualTo("pw [REDACTED:vault:DB_PASSWORD]");
    }

    /** Test strings spell invisible characters as Java escapes; this turns them into the characters. */
    private static String unescape(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            if (s.startsWith("\\u", i) && i + 6 <= s.length()) {
                out.append((char) Integer.parseInt(s.substring(i + 2, i + 6), 16));
                i += 5;
            } else if (s.startsWith("\\n", i)) {
                out.append('\n');
                i++;
            } else if (s.startsWith("\\t", i)) {
                out.append('\t');
                i++;
            } else {
                out.append(s.charAt(i));
            }
        }
        return out.toString();
    }
}
