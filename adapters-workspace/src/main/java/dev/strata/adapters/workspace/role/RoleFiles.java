package dev.strata.adapters.workspace.role;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.role.CronExpression;
import dev.strata.domain.role.OutcomeProbeSpec;
import dev.strata.domain.role.PostHocProbe;
import dev.strata.domain.role.ReflectionPolicy;
import dev.strata.domain.role.ReflectionTemplate;
import dev.strata.domain.role.RoleDefinition;
import dev.strata.domain.role.RoleId;
import dev.strata.domain.role.RoleRegistry;
import dev.strata.domain.role.SkillId;
import dev.strata.domain.role.Trigger;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Role definitions from YAML files: every {@code *.yaml} / {@code *.yml} file directly in the roles
 * directory, in name order, declares one skill's roles.
 *
 * <pre>
 * skill: analysis.valuation
 * roles:
 *   - id: analysis.valuation.target_price
 *     label: Target price call
 *     failureModes: [anchored to recent price, ignored macro headwinds]
 *     reflectionPrompt: |
 *       You previously issued a target price for {asset} ... tagged this as {type}.
 *     reflectionPolicy:
 *       outcomeProbe: {kind: price_delta, assetField: asset, windowHours: 168}
 *       minAgeHours: 168
 *       maxAgeHours: 720
 *       triggers: [cron, on_price_fetch]
 *       cronExpr: "0 6 * * *"
 *       postHocProbes:
 *         - {kind: refetch_source, source: get_price, paramMapper: "asset->symbol"}
 * </pre>
 *
 * Field names are the spec's. Anything wrong (a duplicate id, an unknown placeholder or field, an
 * invalid cron expression, min above max age, malformed YAML) is a {@link RoleFileException} naming the
 * file and the field, the one line start-up stops with. The YAML is read with SnakeYAML's safe
 * constructor (plain maps, lists and scalars only), duplicate keys refused, aliases bounded and the file
 * size capped, so a role file can describe roles and nothing else.
 */
public final class RoleFiles {

    /** Far beyond any sensible role file; a larger one is a mistake (or an attack on the parser). */
    public static final long MAX_FILE_BYTES = 1024 * 1024;

    private static final Set<String> FILE_KEYS = Set.of("skill", "roles");
    private static final Set<String> ROLE_KEYS = Set.of("id", "label", "failureModes", "reflectionPrompt",
            "reflectionPolicy");
    private static final Set<String> POLICY_KEYS = Set.of("outcomeProbe", "minAgeHours", "maxAgeHours", "triggers",
            "cronExpr", "postHocProbes");
    private static final Set<String> POST_HOC_KEYS = Set.of("kind", "source", "tool", "paramMapper");

    private RoleFiles() {
    }

    /**
     * Registers the roles of every role file in {@code dir} into {@code registry}. A directory that does
     * not exist declares no roles; a path that exists but is not a directory is an error.
     */
    public static RoleRegistry.Builder load(Path dir, RoleRegistry.Builder registry) {
        if (!Files.exists(dir)) {
            return registry;
        }
        if (!Files.isDirectory(dir)) {
            throw new RoleFileException(dir, "strata.roles.dir", "is not a directory");
        }
        List<Path> files;
        try (Stream<Path> listed = Files.list(dir)) {
            files = listed.filter(p -> {
                String name = p.getFileName().toString();
                return (name.endsWith(".yaml") || name.endsWith(".yml")) && !name.startsWith(".");
            }).sorted().toList();
        } catch (IOException e) {
            throw new RoleFileException(dir, "strata.roles.dir", "cannot be listed: " + e.getMessage());
        }
        for (Path file : files) {
            List<RoleDefinition> roles = parse(file);
            for (int i = 0; i < roles.size(); i++) {
                RoleDefinition role = roles.get(i);
                new Reader(file).at("roles[" + i + "].id", () -> registry.register(role, file.toString()));
            }
        }
        return registry;
    }

    /** The roles one file declares. */
    public static List<RoleDefinition> parse(Path file) {
        Reader reader = new Reader(file);
        if (!Files.isRegularFile(file)) {
            throw new RoleFileException(file, "(file)", "is not a regular file");
        }
        String text;
        try {
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new RoleFileException(file, "(file)", "is larger than " + MAX_FILE_BYTES + " bytes");
            }
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RoleFileException(file, "(file)", "cannot be read: " + e.getMessage());
        }
        return reader.roles(text);
    }

    /** Reads one file, remembering which file every error names. */
    private record Reader(Path file) {

        List<RoleDefinition> roles(String text) {
            Object root;
            try {
                LoaderOptions options = new LoaderOptions();
                options.setAllowDuplicateKeys(false);
                options.setMaxAliasesForCollections(20);
                options.setCodePointLimit((int) MAX_FILE_BYTES);
                options.setNestingDepthLimit(20);
                root = new Yaml(new SafeConstructor(options)).load(text);
            } catch (MarkedYAMLException e) {
                throw new RoleFileException(file, "line " + (e.getProblemMark().getLine() + 1), e.getProblem());
            } catch (YAMLException e) {
                throw new RoleFileException(file, "(yaml)", e.getMessage());
            }
            Map<String, Object> top = map(root, "(top level)");
            known(top, FILE_KEYS, "");
            SkillId skill = at("skill", () -> SkillId.of(string(top.get("skill"), "skill")));
            List<Object> list = list(top.get("roles"), "roles");
            if (list.isEmpty()) {
                throw new RoleFileException(file, "roles", "must list at least one role");
            }
            List<RoleDefinition> roles = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                roles.add(role(skill, map(list.get(i), "roles[" + i + "]"), "roles[" + i + "]."));
            }
            return roles;
        }

        private RoleDefinition role(SkillId skill, Map<String, Object> role, String path) {
            known(role, ROLE_KEYS, path);
            RoleId id = at(path + "id", () -> RoleId.of(string(role.get("id"), path + "id")));
            String label = string(role.get("label"), path + "label");
            List<String> failureModes = new ArrayList<>();
            List<Object> modes = list(role.get("failureModes"), path + "failureModes");
            for (int i = 0; i < modes.size(); i++) {
                failureModes.add(string(modes.get(i), path + "failureModes[" + i + "]"));
            }
            ReflectionTemplate template = at(path + "reflectionPrompt", () ->
                    new ReflectionTemplate(string(role.get("reflectionPrompt"), path + "reflectionPrompt")));
            ReflectionPolicy policy = policy(map(role.get("reflectionPolicy"), path + "reflectionPolicy"),
                    path + "reflectionPolicy.");
            return within(path, () -> new RoleDefinition(id, label, skill, failureModes, template, policy));
        }

        private ReflectionPolicy policy(Map<String, Object> policy, String path) {
            known(policy, POLICY_KEYS, path);
            OutcomeProbeSpec probe = probe(map(policy.get("outcomeProbe"), path + "outcomeProbe"), path + "outcomeProbe.");
            int min = integer(policy.get("minAgeHours"), path + "minAgeHours");
            int max = integer(policy.get("maxAgeHours"), path + "maxAgeHours");
            Set<Trigger> triggers = EnumSet.noneOf(Trigger.class);
            List<Object> names = policy.containsKey("triggers") ? list(policy.get("triggers"), path + "triggers") : List.of();
            for (int i = 0; i < names.size(); i++) {
                String name = string(names.get(i), path + "triggers[" + i + "]");
                triggers.add(Trigger.fromWireName(name).orElseThrow(() -> new RoleFileException(file, path + "triggers",
                        "unknown trigger '" + name + "'; use cron, on_new_write or on_price_fetch")));
            }
            Optional<CronExpression> cron = policy.get("cronExpr") == null ? Optional.empty()
                    : Optional.of(at(path + "cronExpr", () -> CronExpression.parse(path + "cronExpr",
                    string(policy.get("cronExpr"), path + "cronExpr"))));
            List<PostHocProbe> posts = new ArrayList<>();
            List<Object> listed = policy.containsKey("postHocProbes")
                    ? list(policy.get("postHocProbes"), path + "postHocProbes") : List.of();
            for (int i = 0; i < listed.size(); i++) {
                posts.add(postHoc(map(listed.get(i), path + "postHocProbes[" + i + "]"), path + "postHocProbes[" + i + "]."));
            }
            return within(path, () -> new ReflectionPolicy(probe, min, max, triggers, cron, posts));
        }

        private OutcomeProbeSpec probe(Map<String, Object> probe, String path) {
            String kind = string(probe.get("kind"), path + "kind");
            return switch (kind) {
                case "price_delta" -> {
                    known(probe, Set.of("kind", "assetField", "windowHours"), path);
                    String field = probe.get("assetField") == null ? "asset" : string(probe.get("assetField"), path + "assetField");
                    int window = integer(probe.get("windowHours"), path + "windowHours");
                    yield within(path, () -> new OutcomeProbeSpec.PriceDelta(field, window));
                }
                case "custom" -> {
                    known(probe, Set.of("kind", "probeId"), path);
                    String id = string(probe.get("probeId"), path + "probeId");
                    yield within(path, () -> new OutcomeProbeSpec.Custom(id));
                }
                case "manual" -> {
                    known(probe, Set.of("kind"), path);
                    yield new OutcomeProbeSpec.Manual();
                }
                default -> throw new RoleFileException(file, path + "kind", "unknown outcome probe kind '" + kind
                        + "'; use price_delta, custom or manual");
            };
        }

        private PostHocProbe postHoc(Map<String, Object> probe, String path) {
            known(probe, POST_HOC_KEYS, path);
            String kindName = string(probe.get("kind"), path + "kind");
            PostHocProbe.Kind kind = PostHocProbe.Kind.fromWireName(kindName).orElseThrow(() -> new RoleFileException(file,
                    path + "kind", "unknown post-hoc probe kind '" + kindName + "'; use refetch_source, news or onchain"));
            // The spec names a refetch's source "tool"; either spelling is accepted, not both.
            if (probe.containsKey("source") && probe.containsKey("tool")) {
                throw new RoleFileException(file, path + "tool", "give source or tool, not both");
            }
            String sourceKey = probe.containsKey("tool") ? "tool" : "source";
            String source = string(probe.get(sourceKey), path + sourceKey);
            Map<String, String> mapper = probe.get("paramMapper") == null ? Map.of()
                    : at(path + "paramMapper", () -> PostHocProbe.parseMapper(string(probe.get("paramMapper"),
                    path + "paramMapper")));
            return within(path, () -> new PostHocProbe(kind, source, mapper));
        }

        /** Runs a constructor whose refusals name a field of the thing at {@code path}. */
        <T> T within(String path, Supplier<T> build) {
            try {
                return build.get();
            } catch (InvalidInputException e) {
                throw new RoleFileException(file, path + e.field(), e.reason());
            }
        }

        /** Runs a constructor whose refusal is about the value at {@code path} itself. */
        <T> T at(String path, Supplier<T> build) {
            try {
                return build.get();
            } catch (InvalidInputException e) {
                throw new RoleFileException(file, path, e.reason());
            }
        }

        private void known(Map<String, Object> map, Set<String> keys, String path) {
            for (String key : map.keySet()) {
                if (!keys.contains(key)) {
                    throw new RoleFileException(file, path + key, "unknown field; expected one of "
                            + keys.stream().sorted().toList());
                }
            }
        }

        @SuppressWarnings("unchecked")
        private Map<String, Object> map(Object value, String path) {
            if (value == null) {
                throw new RoleFileException(file, path, "is required");
            }
            if (!(value instanceof Map<?, ?> raw)) {
                throw new RoleFileException(file, path, "must be a mapping");
            }
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : raw.entrySet()) {
                if (!(e.getKey() instanceof String key)) {
                    throw new RoleFileException(file, path, "has a key that is not text: " + e.getKey());
                }
                out.put(key, e.getValue());
            }
            return (Map<String, Object>) (Map<?, ?>) out;
        }

        @SuppressWarnings("unchecked")
        private List<Object> list(Object value, String path) {
            if (value == null) {
                throw new RoleFileException(file, path, "is required");
            }
            if (!(value instanceof List<?> raw)) {
                throw new RoleFileException(file, path, "must be a list");
            }
            return (List<Object>) raw;
        }

        private String string(Object value, String path) {
            if (value == null) {
                throw new RoleFileException(file, path, "is required");
            }
            if (!(value instanceof String s)) {
                throw new RoleFileException(file, path, "must be text (quote it: YAML read " + value + " as a "
                        + value.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT) + ")");
            }
            return s;
        }

        private int integer(Object value, String path) {
            if (value == null) {
                throw new RoleFileException(file, path, "is required");
            }
            if (!(value instanceof Integer i)) {
                throw new RoleFileException(file, path, "must be a whole number of hours: " + value);
            }
            return i;
        }
    }
}
