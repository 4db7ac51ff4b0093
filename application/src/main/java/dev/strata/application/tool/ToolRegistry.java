package dev.strata.application.tool;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every agent tool Strata offers, by name. Each area contributes its {@link ToolDefinition}s and
 * the composition root collects them here; front ends (REST, MCP) list and call tools only
 * through the registry, so none of them decides what a tool does.
 */
public final class ToolRegistry {

    private final Map<String, ToolDefinition> byName;

    private ToolRegistry(Map<String, ToolDefinition> byName) {
        this.byName = byName;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The tools in the order they were added. */
    public List<ToolDefinition> tools() {
        return List.copyOf(byName.values());
    }

    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    public Optional<ToolDefinition> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public static final class Builder {

        private final List<ToolDefinition> tools = new ArrayList<>();

        private Builder() {
        }

        public Builder add(ToolDefinition tool) {
            tools.add(tool);
            return this;
        }

        /** An area's tools, in the order the area lists them. */
        public Builder add(List<ToolDefinition> areaTools) {
            tools.addAll(areaTools);
            return this;
        }

        /** @throws IllegalArgumentException when two tools share a name */
        public ToolRegistry build() {
            Map<String, ToolDefinition> byName = new LinkedHashMap<>();
            for (ToolDefinition tool : tools) {
                if (byName.putIfAbsent(tool.name(), tool) != null) {
                    throw new IllegalArgumentException("two tools are named " + tool.name());
                }
            }
            return new ToolRegistry(Collections.unmodifiableMap(byName));
        }
    }
}
