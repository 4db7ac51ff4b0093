package dev.strata.domain.personalization;

import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryKey;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How personalization-class memories (ordinary rows under {@code category = 'personalization'}) are
 * attributed to a user inside a tenant. The memories table has no user column, so the user is
 * recorded in the metadata ({@code "user_id"}); a row without one belongs to {@link UserId#DEFAULT}.
 * Onboarding memories are keyed ({@code onboarding:<user>:<dimension>}), which makes writing them
 * idempotent: a second write of the same key is refused by the memory layer and not repeated.
 */
public final class PersonalizationMemories {

    private static final Pattern USER_ID = Pattern.compile("\"user_id\"\\s*:\\s*\"([^\"\\\\]*)\"");

    private PersonalizationMemories() {
    }

    /** The key of the onboarding memory of one answer ({@code dimension} is a tag slug or {@code investing_capital}). */
    public static MemoryKey onboardingKey(UserId user, String answer) {
        return MemoryKey.of("onboarding:" + user.value() + ":" + answer);
    }

    /** The metadata of a personalization memory written for {@code user} by {@code origin}. */
    public static String metadata(UserId user, String origin, String answer) {
        // Every part is a slug (UserId, fixed origins, tag slugs): nothing to escape.
        return "{\"user_id\":\"" + user.value() + "\",\"origin\":\"" + origin + "\",\"answer\":\"" + answer + "\"}";
    }

    /** True when the memory is {@code user}'s: its metadata names the user, or names none and the user is the default. */
    public static boolean belongsTo(Memory memory, UserId user) {
        Matcher m = USER_ID.matcher(memory.metadata().json());
        return m.find() ? m.group(1).equals(user.value()) : user.isDefault();
    }
}
