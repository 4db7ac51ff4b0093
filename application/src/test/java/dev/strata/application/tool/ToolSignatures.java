package dev.strata.application.tool;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The registry at a glance for assertions: each tool's arguments as "name:type", "!" marking the required ones. */
public final class ToolSignatures {

    private ToolSignatures() {
    }

    public static Map<String, List<String>> of(ToolRegistry registry) {
        Map<String, List<String>> arguments = new LinkedHashMap<>();
        for (ToolDefinition tool : registry.tools()) {
            arguments.put(tool.name(), tool.input().properties().stream()
                    .map(p -> p.name() + ":" + p.type().jsonName() + (p.required() ? "!" : "")).toList());
        }
        return arguments;
    }
}
