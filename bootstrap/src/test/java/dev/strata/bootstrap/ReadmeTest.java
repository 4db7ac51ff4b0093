package dev.strata.bootstrap;

import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.application.provenance.WriteOrigin;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Source;
import dev.strata.domain.snapshot.InjectionTier;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a new user reads in the README must be what the code does: the snapshot order, who may claim
 * which source, the search mode the quick-start server answers, and examples that work as written.
 */
class ReadmeTest {

    private static final Path README = Path.of("..", "README.md");

    private static String readme() throws IOException {
        return Files.readString(README);
    }

    /**
     * The text of a section: from its heading to the next heading of the same or a higher level,
     * outside code blocks (a shell comment in an example starts with {@code #} too).
     */
    private static String section(String heading) throws IOException {
        List<String> lines = List.of(readme().split("\n", -1));
        int start = lines.indexOf(heading);
        assertThat(start).as("README section %s", heading).isNotNegative();
        int level = heading.indexOf(' ');
        StringBuilder out = new StringBuilder();
        boolean inCode = false;
        for (int i = start; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("```")) {
                inCode = !inCode;
            }
            Matcher h = Pattern.compile("(#+) ").matcher(line);
            if (i > start && !inCode && h.lookingAt() && h.group(1).length() <= level) {
                break;
            }
            out.append(line).append('\n');
        }
        return out.toString();
    }

    /** The rows of the first Markdown table in a text, each as its cells. */
    private static List<List<String>> table(String text) {
        List<List<String>> rows = new ArrayList<>();
        boolean inTable = false;
        for (String line : text.split("\n")) {
            if (line.startsWith("|")) {
                inTable = true;
                if (!line.matches("\\|[-| :]+\\|")) {
                    rows.add(Arrays.stream(line.substring(1, line.length() - 1).split("\\|")).map(String::strip)
                            .toList());
                }
            } else if (inTable) {
                break;
            }
        }
        return rows.subList(1, rows.size());
    }

    private static Set<String> codes(String cell) {
        Matcher m = Pattern.compile("`([a-z_]+)`").matcher(cell);
        Set<String> out = new TreeSet<>();
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void the_snapshot_order_table_lists_the_tiers_in_the_order_the_snapshot_injects_them() throws IOException {
        List<List<String>> rows = table(section("### What a snapshot injects (one policy for spec 01 and spec 02)"));

        List<String> rules = rows.stream().map(r -> codes(r.get(1))).filter(c -> !c.isEmpty())
                .map(c -> c.iterator().next()).toList();
        assertThat(rules).containsExactlyElementsOf(InjectionTier.ORDER.stream().map(InjectionTier::rule).toList());
    }

    @Test
    void the_sources_table_says_who_may_claim_what_as_the_write_origins_decide() throws IOException {
        List<List<String>> rows = table(section("### Sources: who may claim what"));
        Actor who = Actor.system("readme");
        List<WriteOrigin> origins = List.of(WriteOrigin.person(who), WriteOrigin.agentTool(who),
                WriteOrigin.learningLoop(who), WriteOrigin.rebuilder(who), WriteOrigin.operator(who));

        assertThat(rows).hasSize(origins.size());
        for (int i = 0; i < rows.size(); i++) {
            WriteOrigin origin = origins.get(i);
            Set<String> claimed = new TreeSet<>(codes(rows.get(i).get(1)));
            claimed.addAll(codes(rows.get(i).get(2)));
            Set<String> expected = origin.claimable().stream().map(Source::wireName)
                    .collect(Collectors.toCollection(TreeSet::new));
            assertThat(claimed).as(rows.get(i).get(0)).isEqualTo(expected);
            assertThat(codes(rows.get(i).get(1))).as("default of " + rows.get(i).get(0))
                    .containsExactly(origin.resolve(java.util.Optional.empty()).wireName());
        }
    }

    @Test
    void the_http_table_names_the_search_mode_the_quick_start_server_answers() throws IOException {
        String row = Arrays.stream(section("## HTTP API").split("\n"))
                .filter(l -> l.startsWith("| `POST /v1/memory/search`")).findFirst().orElseThrow();
        // the shipped defaults (the test class path carries its own application.yaml)
        String defaults = Files.readString(Path.of("src", "main", "resources", "application.yaml"));

        assertThat(defaults).as("the quick start embeds in process").containsPattern("embedding:\\n(\\s+#.*\\n)*\\s+provider: "
                + EmbeddingProvider.LOCAL.configName());
        assertThat(row).contains("search_mode: \"hybrid\"");
    }

    @Test
    void the_vault_example_sends_a_key_only_to_a_server_that_requires_one() throws IOException {
        String vault = section("## Vault");
        String example = vault.substring(vault.indexOf("```bash"), vault.indexOf("```", vault.indexOf("```bash") + 7));

        if (example.contains("Authorization: Bearer")) {
            assertThat(example).as("a key sent to the quick-start server (authentication off) is not used")
                    .containsPattern("serve[^\\n]*--require-auth");
        }
    }

    @Test
    void the_explain_and_audit_routes_are_in_the_http_table() throws IOException {
        String http = section("## HTTP API");

        assertThat(http).contains("| `GET /v1/snapshot/explain`", "| `GET /v1/audit`",
                "| `GET /v1/sessions/{id}/explain`");
    }
}
