package dev.strata.domain.workspace;

import java.util.Objects;
import java.util.Optional;

/**
 * The agent's self-description from IDENTITY.md: name, vibe and emoji, for display only. It never
 * becomes prompt text. Values still holding a template placeholder ({@code _(pick one)_},
 * {@code <name>}) count as unset.
 */
public record IdentityMetadata(Optional<String> name, Optional<String> vibe, Optional<String> emoji) {

    public IdentityMetadata {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(vibe, "vibe");
        Objects.requireNonNull(emoji, "emoji");
    }

    public static IdentityMetadata empty() {
        return new IdentityMetadata(Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** Reads {@code - Name: ...}, {@code - Vibe: ...}, {@code - Emoji: ...} bullets; the first of each wins. */
    public static IdentityMetadata parse(String text) {
        Optional<String> name = Optional.empty();
        Optional<String> vibe = Optional.empty();
        Optional<String> emoji = Optional.empty();
        for (String line : text.split("\n")) {
            Optional<KeyValueLine> statement = KeyValueLine.parse(line);
            if (statement.isEmpty() || statement.get().isUnset()) {
                continue;
            }
            String value = statement.get().value();
            switch (statement.get().key()) {
                case "name" -> name = name.or(() -> Optional.of(value));
                case "vibe" -> vibe = vibe.or(() -> Optional.of(value));
                case "emoji" -> emoji = emoji.or(() -> Optional.of(value));
                default -> { }
            }
        }
        return new IdentityMetadata(name, vibe, emoji);
    }
}
