package dev.strata.adapters.workspace.role;

import dev.strata.domain.role.OutcomeProbeSpec;
import dev.strata.domain.role.Placeholder;
import dev.strata.domain.role.PostHocProbe;
import dev.strata.domain.role.RoleDefinition;
import dev.strata.domain.role.RoleId;
import dev.strata.domain.role.RoleRegistry;
import dev.strata.domain.role.Trigger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RoleFilesTest {

    @TempDir
    Path dir;

    private static String example() throws IOException, URISyntaxException {
        return Files.readString(Path.of(Objects.requireNonNull(RoleFilesTest.class.getResource("/roles/example.yaml")).toURI()));
    }

    private Path write(String name, String yaml) throws IOException {
        return Files.writeString(dir.resolve(name), yaml);
    }

    private RoleRegistry load() {
        return RoleFiles.load(dir, RoleRegistry.builder()).build();
    }

    /** A valid role with one line replaced, to break exactly one field. */
    private static String role(String replace, String with) {
        String yaml = """
                skill: market.spot
                roles:
                  - id: market.spot.momentum
                    label: Momentum signal
                    failureModes: [chased a wick]
                    reflectionPrompt: "Signal {decision} on {asset}: {pnl} ({type})"
                    reflectionPolicy:
                      outcomeProbe: {kind: price_delta, windowHours: 4}
                      minAgeHours: 4
                      maxAgeHours: 48
                      triggers: [cron]
                      cronExpr: "0 * * * *"
                """;
        if (!yaml.contains(replace)) {
            throw new IllegalArgumentException("no line " + replace);
        }
        return yaml.replace(replace, with);
    }

    @Test
    void the_readme_example_declares_one_role_per_probe_kind_with_every_field() throws Exception {
        write("valuation.yaml", example());

        RoleRegistry registry = load();

        assertThat(registry.ids()).extracting(RoleId::value).containsExactly("analysis.valuation.peer_comp",
                "analysis.valuation.target_price", "analysis.valuation.thesis");
        RoleDefinition target = registry.require(RoleId.of("analysis.valuation.target_price"));
        assertThat(target.skill().value()).isEqualTo("analysis.valuation");
        assertThat(target.failureModes()).hasSize(3);
        assertThat(target.reflectionPrompt().placeholders()).containsExactlyInAnyOrder(Placeholder.values());
        assertThat(target.policy().outcomeProbe()).isEqualTo(new OutcomeProbeSpec.PriceDelta("asset", 168));
        assertThat(target.policy().minAgeHours()).isEqualTo(168);
        assertThat(target.policy().maxAgeHours()).isEqualTo(720);
        assertThat(target.policy().triggers()).containsExactlyInAnyOrder(Trigger.CRON, Trigger.ON_PRICE_FETCH);
        assertThat(target.policy().cronExpr().orElseThrow().text()).isEqualTo("0 6 * * *");
        assertThat(target.policy().postHocProbes()).containsExactly(new PostHocProbe(PostHocProbe.Kind.REFETCH_SOURCE,
                "get_price", Map.of("asset", "symbol")));
        assertThat(registry.require(RoleId.of("analysis.valuation.peer_comp")).policy().outcomeProbe())
                .isEqualTo(new OutcomeProbeSpec.Custom("relative_performance"));
        assertThat(registry.require(RoleId.of("analysis.valuation.thesis")).policy().outcomeProbe())
                .isInstanceOf(OutcomeProbeSpec.Manual.class);
        assertThat(registry.origin(RoleId.of("analysis.valuation.thesis")).orElseThrow()).endsWith("valuation.yaml");
    }

    @Test
    void a_missing_directory_declares_no_roles_and_other_files_are_ignored() throws IOException {
        assertThat(RoleFiles.load(dir.resolve("absent"), RoleRegistry.builder()).build().size()).isZero();
        write("notes.txt", "not a role");
        write(".hidden.yaml", "garbage: [");
        assertThat(load().size()).isZero();
    }

    @Test
    void a_duplicate_id_across_files_stops_start_naming_the_second_file_and_the_first() throws Exception {
        write("a.yaml", role("label: Momentum signal", "label: First"));
        write("b.yaml", role("label: Momentum signal", "label: Second"));

        assertThatThrownBy(this::load).isInstanceOfSatisfying(RoleFileException.class, e -> {
            assertThat(e.getMessage()).startsWith(dir.resolve("b.yaml") + ": roles[0].id: duplicate role id "
                    + "market.spot.momentum: already declared in " + dir.resolve("a.yaml"));
            assertThat(e.getMessage()).doesNotContain("\n");
        });
    }

    @Test
    void an_unknown_placeholder_stops_start_naming_the_file_and_the_field() throws IOException {
        Path file = write("spot.yaml", role("({type})", "({kind})"));

        assertThatThrownBy(this::load).hasMessage(file + ": roles[0].reflectionPrompt: unknown placeholder {kind}; "
                + "the known ones are {asset} {decision} {window} {pnl} {evidence} {type}");
    }

    @Test
    void an_invalid_cron_expression_stops_start_naming_the_file_and_the_field() throws IOException {
        Path file = write("spot.yaml", role("\"0 * * * *\"", "\"61 * * * *\""));

        assertThatThrownBy(this::load).hasMessageStartingWith(file + ": roles[0].reflectionPolicy.cronExpr: invalid cron "
                + "expression '61 * * * *': minute '61' is outside 0-59");
    }

    @Test
    void min_age_above_max_age_stops_start_naming_the_file_and_the_field() throws IOException {
        Path file = write("spot.yaml", role("minAgeHours: 4", "minAgeHours: 72"));

        assertThatThrownBy(this::load).hasMessage(file + ": roles[0].reflectionPolicy.minAgeHours: must not exceed "
                + "maxAgeHours (72 > 48)");
    }

    @Test
    void each_broken_field_is_named_with_its_path() throws IOException {
        Map<String, String> cases = Map.ofEntries(
                Map.entry("role unknown field", role("label: Momentum signal", "label: M\n    lable: typo")),
                Map.entry("windowHours text", role("windowHours: 4", "windowHours: a week")),
                Map.entry("probe kind", role("kind: price_delta", "kind: oracle")),
                Map.entry("trigger", role("triggers: [cron]", "triggers: [cron, hourly]")),
                Map.entry("variant outside skill", role("id: market.spot.momentum", "id: market.perp.momentum")),
                Map.entry("label not text", role("label: Momentum signal", "label: yes")),
                Map.entry("no failure modes", role("failureModes: [chased a wick]", "failureModes: []")),
                Map.entry("cron without trigger", role("triggers: [cron]", "triggers: [on_new_write]")));
        Map<String, String> fields = Map.of(
                "role unknown field", "roles[0].lable",
                "windowHours text", "roles[0].reflectionPolicy.outcomeProbe.windowHours",
                "probe kind", "roles[0].reflectionPolicy.outcomeProbe.kind",
                "trigger", "roles[0].reflectionPolicy.triggers",
                "variant outside skill", "roles[0].id",
                "label not text", "roles[0].label",
                "no failure modes", "roles[0].failureModes",
                "cron without trigger", "roles[0].reflectionPolicy.cronExpr");
        for (var c : cases.entrySet()) {
            Path file = write("spot.yaml", c.getValue());
            assertThatThrownBy(() -> RoleFiles.parse(file)).as(c.getKey())
                    .isInstanceOfSatisfying(RoleFileException.class, e -> {
                        assertThat(e.field()).isEqualTo(fields.get(c.getKey()));
                        assertThat(e.getMessage()).startsWith(file + ": " + fields.get(c.getKey()) + ": ")
                                .doesNotContain("\n");
                    });
        }
    }

    @Test
    void hostile_yaml_is_refused_without_running_anything() throws IOException {
        Path tag = write("tag.yaml", "skill: !!javax.script.ScriptEngineManager [!!java.net.URLClassLoader [[!!java.net.URL "
                + "[\"http://127.0.0.1:1/\"]]]]\nroles: []\n");
        assertThatThrownBy(() -> RoleFiles.parse(tag)).isInstanceOf(RoleFileException.class)
                .hasMessageStartingWith(tag + ": ").hasMessageContaining("javax.script.ScriptEngineManager");

        StringBuilder bomb = new StringBuilder("a: &a [\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\"]\n");
        for (char c = 'b'; c <= 'k'; c++) {
            char p = (char) (c - 1);
            bomb.append(c).append(": &").append(c).append(" [*").append(p).append(",*").append(p).append(",*").append(p)
                    .append(",*").append(p).append(",*").append(p).append(",*").append(p).append(",*").append(p).append("]\n");
        }
        Path laughs = write("laughs.yaml", bomb.toString());
        assertThatThrownBy(() -> RoleFiles.parse(laughs)).isInstanceOf(RoleFileException.class)
                .hasMessageContaining("aliases");

        Path duplicate = write("dup.yaml", "skill: a\nskill: b\nroles: []\n");
        assertThatThrownBy(() -> RoleFiles.parse(duplicate)).isInstanceOf(RoleFileException.class)
                .hasMessageContaining("duplicate key skill");

        Path broken = write("broken.yaml", "skill: a\nroles: [\n");
        assertThatThrownBy(() -> RoleFiles.parse(broken)).isInstanceOf(RoleFileException.class)
                .hasMessageStartingWith(broken + ": line ");

        Path big = write("big.yaml", "skill: a\n#" + "x".repeat((int) RoleFiles.MAX_FILE_BYTES) + "\n");
        assertThatThrownBy(() -> RoleFiles.parse(big)).hasMessageContaining("larger than");
    }

    @Test
    void a_roles_path_that_is_a_file_is_refused() throws IOException {
        Path file = write("roles", "x");

        assertThatThrownBy(() -> RoleFiles.load(file, RoleRegistry.builder())).hasMessage(file
                + ": strata.roles.dir: is not a directory");
    }
}
