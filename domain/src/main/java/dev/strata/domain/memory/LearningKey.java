package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.Normalizer;
import java.util.HexFormat;
import java.util.Locale;

/**
 * spec 02's deterministic key for learning-originated memories: {@code learn:{topic_slug}:{claim_hash}}.
 * The same claim, however it is spaced, cased or punctuated at the end, gets the same key, so a
 * re-verified claim supersedes its earlier entry instead of duplicating it.
 */
public final class LearningKey {

    public static final String PREFIX = "learn:";
    static final int HASH_HEX_CHARS = 12;

    private LearningKey() {
    }

    public static MemoryKey of(String topic, String claim) {
        return MemoryKey.of(PREFIX + topicSlug(topic) + ":" + claimHash(claim));
    }

    /** Kebab-case: letters and digits kept (lower-cased, accents removed), everything else one '-'. */
    public static String topicSlug(String topic) {
        if (topic == null || topic.isBlank()) {
            throw new InvalidInputException("topic", "must not be blank");
        }
        String ascii = Normalizer.normalize(topic, Normalizer.Form.NFKD).replaceAll("\\p{M}", "");
        String slug = ascii.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-+|-+$)", "");
        if (slug.isEmpty()) {
            throw new InvalidInputException("topic", "must contain letters or digits");
        }
        return slug.length() > 64 ? slug.substring(0, 64).replaceAll("-+$", "") : slug;
    }

    /** The first 12 hex digits of SHA-256 over the normalised claim. */
    public static String claimHash(String claim) {
        if (claim == null || claim.isBlank()) {
            throw new InvalidInputException("claim", "must not be blank");
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(normalise(claim).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, HASH_HEX_CHARS);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** Unicode NFKC, lower case, runs of white space folded to one space, trailing punctuation dropped. */
    static String normalise(String claim) {
        String n = Normalizer.normalize(claim, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        n = n.replaceAll("\\s+", " ").strip();
        return n.replaceAll("[\\p{P}\\s]+$", "");
    }

    public static boolean isLearningKey(MemoryKey key) {
        return key.value().startsWith(PREFIX);
    }
}
