package dev.strata.domain.prompt;

import dev.strata.domain.workspace.KeyValueLine;
import dev.strata.domain.workspace.WorkspaceFile;
import dev.strata.domain.workspace.WorkspaceKind;
import dev.strata.domain.workspace.WorkspaceRead;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Human ground truth outranks derived layers.
 *
 * <p>The rule: a workspace statement is a markdown bullet {@code - key: value} in USER.md or
 * MEMORY.md (see {@link KeyValueLine} for the exact syntax and how keys are normalised). When a
 * derived layer (the user profile, or a {@code - key: value} or {@code [category] key: value}
 * line of the memory store's {@code <memory-context>} block) gives the same key a different value, the workspace value is
 * authoritative and the derived one is shown as inferred evidence. USER.md wins over MEMORY.md;
 * inside one file the last statement of a key wins, since later lines are usually corrections.
 * Values are compared ignoring case, surrounding quotes, a final full stop and extra spaces.
 */
public final class GroundTruth {

    public static final String USER_PROFILE = "user profile";
    public static final String MEMORY_STORE = "memory store";

    private static final Pattern CATEGORY_PREFIX = Pattern.compile("^\\s*\\[[\\w -]{1,40}]\\s+(.+)$");

    private final Map<String, StatedValue> statements;

    private GroundTruth(Map<String, StatedValue> statements) {
        this.statements = statements;
    }

    /** The authoritative statements of a workspace: USER.md over MEMORY.md, last line in a file wins. */
    public static GroundTruth of(WorkspaceRead snapshot) {
        Map<String, StatedValue> statements = new LinkedHashMap<>();
        for (WorkspaceKind kind : List.of(WorkspaceKind.USER, WorkspaceKind.MEMORY)) {
            Optional<WorkspaceFile> file = snapshot.file(kind);
            if (file.isEmpty()) {
                continue;
            }
            Map<String, StatedValue> inFile = new LinkedHashMap<>();
            for (StatedValue statement : statementsIn(file.get().text(), file.get().relativePath())) {
                inFile.put(statement.key(), statement);
            }
            inFile.forEach(statements::putIfAbsent);
        }
        return new GroundTruth(statements);
    }

    /** Every {@code - key: value} bullet in {@code text} whose value is set (not a placeholder), in order. */
    public static List<StatedValue> statementsIn(String text, String source) {
        List<StatedValue> found = new ArrayList<>();
        for (String line : text.split("\n")) {
            KeyValueLine.parse(line).filter(kv -> !kv.isUnset())
                    .ifPresent(kv -> found.add(new StatedValue(kv.key(), kv.value(), source)));
        }
        return found;
    }

    /**
     * The statements of a derived layer's rendered text (the {@code <memory-context>} block):
     * {@code - key: value} bullets as in the workspace, and memory lines with a category prefix,
     * {@code [personalization] key: value}, which is how the memory store renders its entries.
     */
    public static List<StatedValue> derivedStatementsIn(String text, String source) {
        List<StatedValue> found = new ArrayList<>();
        for (String line : text.split("\n")) {
            Matcher categorised = CATEGORY_PREFIX.matcher(line);
            String candidate = categorised.matches() ? "- " + categorised.group(1) : line;
            KeyValueLine.parse(candidate).filter(kv -> !kv.isUnset())
                    .ifPresent(kv -> found.add(new StatedValue(kv.key(), kv.value(), source)));
        }
        return found;
    }

    /** The workspace statement for a key, normalised or not. */
    public Optional<StatedValue> statement(String key) {
        return Optional.ofNullable(statements.get(KeyValueLine.normaliseKey(key)));
    }

    /**
     * The derived values that contradict the workspace, in the order given, each (key, value,
     * source) once.
     */
    public List<PrecedenceConflict> conflicts(List<StatedValue> derived) {
        Set<List<String>> seen = new LinkedHashSet<>();
        List<PrecedenceConflict> conflicts = new ArrayList<>();
        for (StatedValue value : derived) {
            StatedValue normalised = new StatedValue(KeyValueLine.normaliseKey(value.key()), value.value(), value.source());
            Optional<StatedValue> truth = Optional.ofNullable(statements.get(normalised.key()));
            if (truth.isPresent() && !truth.get().agreesWith(normalised)
                    && seen.add(List.of(normalised.key(), KeyValueLine.normaliseValue(normalised.value()), normalised.source()))) {
                conflicts.add(new PrecedenceConflict(truth.get(), normalised));
            }
        }
        return List.copyOf(conflicts);
    }
}
