package dev.strata.bootstrap.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CarrierThreadsTest {

    private static Properties properties(String... pairs) {
        Properties p = new Properties();
        for (int i = 0; i < pairs.length; i += 2) {
            p.setProperty(pairs[i], pairs[i + 1]);
        }
        return p;
    }

    @Test
    void four_carriers_per_core_by_default_and_never_more_than_the_jdk_allows() {
        assertThat(CarrierThreads.choose(Map.of(), properties(), 2).carriers()).isEqualTo(8);
        assertThat(CarrierThreads.choose(Map.of(), properties(), 1).carriers()).isEqualTo(4);
        assertThat(CarrierThreads.choose(Map.of(), properties(), 96).carriers()).isEqualTo(CarrierThreads.MAX);
    }

    @Test
    void the_system_property_wins_over_the_environment_and_the_jdk_option_over_both() {
        Map<String, String> env = Map.of(CarrierThreads.ENV, "6");
        assertThat(CarrierThreads.choose(env, properties(), 2))
                .isEqualTo(new CarrierThreads.Choice(6, CarrierThreads.ENV));
        assertThat(CarrierThreads.choose(env, properties(CarrierThreads.PROPERTY, " 12 "), 2))
                .isEqualTo(new CarrierThreads.Choice(12, CarrierThreads.PROPERTY));
        assertThat(CarrierThreads.choose(env, properties(CarrierThreads.PROPERTY, "12",
                CarrierThreads.JDK_PROPERTY, "3"), 2).carriers()).isEqualTo(3);
    }

    @Test
    void a_setting_that_is_not_a_whole_number_in_range_is_refused_by_name() {
        for (String bad : List.of("0", "-1", "257", "eight", "", "8.5", "99999999999")) {
            assertThatThrownBy(() -> CarrierThreads.choose(Map.of(CarrierThreads.ENV, bad), properties(), 2))
                    .as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(CarrierThreads.ENV).hasMessageContaining("1..256");
        }
    }

    /** The JDK really runs that many virtual threads at once: probed in a child JVM, with the JDK's 2 as control. */
    @Test
    void the_jvm_runs_as_many_virtual_threads_at_once_as_the_setting_says() throws Exception {
        assertThat(probe(Map.of(CarrierThreads.ENV, "8"), List.of(), 8)).isEqualTo("started 8");
        assertThat(probe(Map.of(CarrierThreads.ENV, "8"), List.of("-D" + CarrierThreads.JDK_PROPERTY + "=2"), 8))
                .as("control: the JDK option given on the command line is kept, and 2 carriers start 2 spinners")
                .isEqualTo("started 2");
    }

    private static String probe(Map<String, String> env, List<String> jvmOptions, int spinners)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), CarrierProbe.class.getName(),
                Integer.toString(spinners)));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output;
    }
}
