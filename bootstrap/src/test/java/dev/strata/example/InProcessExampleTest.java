package dev.strata.example;

import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataCore;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's in-process example is this package's {@link InProcessExample}, byte for byte, so the code a
 * reader copies is code that compiles and runs: here it runs as a plain main on a fresh data directory.
 */
class InProcessExampleTest {

    private static final String BEGIN = "// README:in-process:begin\n";
    private static final String END = "// README:in-process:end\n";

    @TempDir
    Path dir;

    @Test
    void the_example_main_writes_searches_and_renders_a_snapshot_on_its_data_directory() throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            InProcessExample.main(new String[] {dir.toString()});
        } finally {
            System.setOut(original);
        }
        String out = captured.toString(StandardCharsets.UTF_8);

        assertThat(out).contains("written: true", "found: always use 0.5% slippage on swaps", "<memory-context>",
                "[preference] always use 0.5% slippage on swaps");
        assertThat(dir.resolve("strata.db")).exists();
        // the write is in the file, in the example's tenant only: a second open (as the server would) finds it
        try (StrataCore again = StrataCore.open(SettingsLoader.fromDefaults().load().withDataDir(dir), Clock.systemUTC())) {
            assertThat(again.memory().memories().list(Tenant.of("acme"), Optional.empty(), Optional.empty()))
                    .singleElement().satisfies(m -> assertThat(m.updatedBy().id()).isEqualTo("my-agent"));
            assertThat(again.memory().memories().count(Tenant.DEFAULT)).isZero();
        }
    }

    @Test
    void the_readme_shows_the_example_exactly_as_it_compiles() throws Exception {
        String source = Files.readString(Path.of("src/test/java/dev/strata/example/InProcessExample.java"));
        String readme = Files.readString(Path.of("../README.md"));
        String code = source.substring(source.indexOf(BEGIN) + BEGIN.length(), source.indexOf(END));

        assertThat(readme).contains("```java\npackage dev.strata.example;\n\n" + code + "```\n");
    }
}
