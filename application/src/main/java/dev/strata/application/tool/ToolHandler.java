package dev.strata.application.tool;

/**
 * What a tool does with validated arguments, for the caller (the tenant it acts in and the actor its
 * writes record). It returns the
 * tool's {@code data}: a record (or a list of records) whose components front ends write as JSON
 * fields in declaration order, named in snake_case ({@code searchMode} is {@code search_mode}),
 * an empty {@code Optional} leaving its field out. Failures are domain exceptions.
 */
@FunctionalInterface
public interface ToolHandler {

    Object handle(ToolCall call, ToolArguments arguments);
}
