package dev.strata.bootstrap.area;

import dev.strata.domain.error.InvalidInputException;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfigReaderTest {

    private static final ConfigKey COUNT = new ConfigKey("strata.test.count", "STRATA_TEST_COUNT");
    private static final ConfigKey FLAG = new ConfigKey("strata.test.flag", "STRATA_TEST_FLAG");
    private static final ConfigKey RATE = new ConfigKey("strata.test.rate", "STRATA_TEST_RATE");
    private static final ConfigKey URL = new ConfigKey("strata.test.url", "STRATA_TEST_URL");
    private static final ConfigKey EMPTY = new ConfigKey("strata.test.empty", "STRATA_TEST_EMPTY");
    private static final ConfigKey ABSENT = new ConfigKey("strata.test.absent", "STRATA_TEST_ABSENT");

    private static ConfigReader reader(Map<String, String> env) {
        Config file = Config.just(ConfigSources.create(Map.of("strata.test.count", "12", "strata.test.flag", "false",
                "strata.test.rate", "0.25", "strata.test.url", "", "strata.test.empty", "")));
        return new ConfigReader(file, env, Path.of("/home/ada"));
    }

    @Test
    void a_set_environment_variable_overrides_the_file_and_a_blank_one_does_not() {
        assertThat(reader(Map.of()).integer(COUNT)).isEqualTo(12);
        assertThat(reader(Map.of("STRATA_TEST_COUNT", " 40 ")).integer(COUNT)).isEqualTo(40);
        assertThat(reader(Map.of("STRATA_TEST_COUNT", "  ")).integer(COUNT)).isEqualTo(12);
    }

    @Test
    void a_value_left_empty_is_absent_and_a_key_missing_from_the_file_is_a_defect() {
        ConfigReader config = reader(Map.of());

        assertThat(config.optional(EMPTY)).isEmpty();
        assertThat(config.optionalUrl(URL)).isEmpty();
        assertThat(config.optionalInteger(EMPTY)).isEqualTo(OptionalInt.empty());
        assertThat(config.optionalLong(EMPTY)).isEqualTo(OptionalLong.empty());
        assertThat(config.optionalDecimal(EMPTY)).isEmpty();
        assertThatThrownBy(() -> config.string(ABSENT)).isInstanceOf(IllegalStateException.class)
                .hasMessage("missing configuration key strata.test.absent");
    }

    @Test
    void values_parse_to_their_types() {
        ConfigReader config = reader(Map.of("STRATA_TEST_FLAG", "TRUE", "STRATA_TEST_URL", "http://127.0.0.1:9/v1",
                "STRATA_TEST_EMPTY", "7"));

        assertThat(config.bool(FLAG)).isTrue();
        assertThat(config.decimal(RATE)).isEqualByComparingTo(new BigDecimal("0.25"));
        assertThat(config.millis(COUNT)).isEqualTo(Duration.ofMillis(12));
        assertThat(config.seconds(COUNT)).isEqualTo(Duration.ofSeconds(12));
        assertThat(config.minutes(COUNT)).isEqualTo(Duration.ofMinutes(12));
        assertThat(config.days(COUNT)).isEqualTo(Duration.ofDays(12));
        assertThat(config.longValue(COUNT)).isEqualTo(12L);
        assertThat(config.optionalUrl(URL)).contains(URI.create("http://127.0.0.1:9/v1"));
        assertThat(config.optionalInteger(EMPTY)).hasValue(7);
        Boolean even = config.parse(COUNT, "even", raw -> Integer.parseInt(raw) % 2 == 0);
        assertThat(even).isTrue();
    }

    @Test
    void every_value_that_does_not_parse_fails_in_one_format_naming_key_variable_and_value() {
        assertThatIllegalArgumentException().isThrownBy(() -> reader(Map.of("STRATA_TEST_COUNT", "a dozen")).integer(COUNT))
                .withMessage("configuration strata.test.count (STRATA_TEST_COUNT) must be an integer, got 'a dozen'");
        assertThatIllegalArgumentException().isThrownBy(() -> reader(Map.of("STRATA_TEST_FLAG", "yes")).bool(FLAG))
                .withMessage("configuration strata.test.flag (STRATA_TEST_FLAG) must be true or false, got 'yes'");
        assertThatIllegalArgumentException().isThrownBy(() -> reader(Map.of("STRATA_TEST_RATE", "1/4")).decimal(RATE))
                .withMessage("configuration strata.test.rate (STRATA_TEST_RATE) must be a decimal number, got '1/4'");
        assertThatIllegalArgumentException().isThrownBy(() -> reader(Map.of("STRATA_TEST_URL", "http://a b")).optionalUrl(URL))
                .withMessage("configuration strata.test.url (STRATA_TEST_URL) must be a URL, got 'http://a b'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> reader(Map.of("STRATA_TEST_COUNT", "99999999999")).integer(COUNT))
                .withMessageContaining("must be an integer, got '99999999999'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> reader(Map.of()).parse(COUNT, "odd", raw -> {
                    throw new IllegalArgumentException("not odd");
                }))
                .withMessage("configuration strata.test.count (STRATA_TEST_COUNT) must be odd, got '12'");
    }

    @Test
    void an_invariant_of_another_layer_is_reported_behind_the_keys_it_checked() {
        assertThatIllegalArgumentException().isThrownBy(() -> COUNT.checking(() -> {
                    throw new IllegalArgumentException("count must be even");
                }))
                .withMessage("configuration strata.test.count (STRATA_TEST_COUNT): count must be even");
        assertThatIllegalArgumentException().isThrownBy(() -> ConfigKey.checking("strata.test.*", () -> {
                    throw new InvalidInputException("limits", "too small");
                }))
                .withMessageStartingWith("configuration strata.test.*: ").withMessageContaining("too small");
        assertThat(COUNT.checking(() -> 4)).isEqualTo(4);
    }

    @Test
    void the_reader_remembers_every_key_it_was_asked_for() {
        ConfigReader config = reader(Map.of());
        config.integer(COUNT);
        config.optional(EMPTY);

        assertThat(config.keysRead()).containsExactlyInAnyOrder(COUNT, EMPTY);
    }

    @Test
    void a_key_needs_the_strata_prefix_and_a_variable_name() {
        assertThatIllegalArgumentException().isThrownBy(() -> new ConfigKey("server.port", "STRATA_PORT"));
        assertThatIllegalArgumentException().isThrownBy(() -> new ConfigKey("strata.server.port", "strata-port"));
        assertThat(Optional.of(COUNT).map(ConfigKey::toString)).contains("strata.test.count (STRATA_TEST_COUNT)");
    }
}
