package dev.strata.domain.safety;

import java.util.List;

/**
 * The prompt-injection rules a text trips, as their stable ids in rule order, each once. Memory
 * content is stored as written but carries these flags: a flagged memory is shown quoted in the
 * snapshot and is never sent to an embedding model.
 */
public final class InjectionFlags {

    private static final PromptInjectionScanner SCANNER = new PromptInjectionScanner();

    private InjectionFlags() {
    }

    public static List<String> of(String text) {
        return SCANNER.scan(text).stream()
                .map(InjectionFinding::rule)
                .distinct()
                .sorted()
                .map(InjectionRule::id)
                .toList();
    }
}
