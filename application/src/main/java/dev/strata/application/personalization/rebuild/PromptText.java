package dev.strata.application.personalization.rebuild;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.prompt.PromptRenderer;
import dev.strata.domain.vault.CredentialScrubber;

import java.util.Objects;

/**
 * How stored text enters a rebuild prompt, for one tenant: every registered secret replaced first (so
 * no cut below leaves half a secret the scrubber can no longer match), then one line through the one
 * renderer ({@link PromptRenderer#inline}: no tag, System note or role turn can be forged, flagged text
 * is quoted as data), then bounded. Chat lines, summaries, memories and mirror rows all come this way,
 * so what a rebuild sends the model holds no vault secret even if it was stored before the secret was.
 */
final class PromptText {

    private final CredentialScrubber scrubber;
    private final Tenant tenant;

    PromptText(CredentialScrubber scrubber, Tenant tenant) {
        this.scrubber = Objects.requireNonNull(scrubber, "scrubber");
        this.tenant = Objects.requireNonNull(tenant, "tenant");
    }

    /** Stored text as one prompt line of at most {@code max} characters (plus an ellipsis). */
    String line(String text, int max) {
        return bound(PromptRenderer.inline(flat(scrubber.redactFor(tenant, text))).text(), max);
    }

    /** Text of the code's own making (an error message for an outcome): one line, bounded, not a prompt. */
    static String plain(String text, int max) {
        return bound(flat(text), max);
    }

    private static String flat(String text) {
        return text.replaceAll("[\\r\\n\\u0085\\u2028\\u2029]+", " ").replaceAll("\\p{Cntrl}", " ").strip();
    }

    private static String bound(String one, int max) {
        return one.length() > max ? one.substring(0, max) + "…" : one;
    }

    /** A model answer as stored multi-line text: controls but tab and LF dropped, at most {@code max} characters. */
    static String answer(String text, int max) {
        String t = text.replace("\r\n", "\n").replace('\r', '\n').replaceAll("[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]", "")
                .strip();
        if (t.length() <= max) {
            return t;
        }
        int cut = t.lastIndexOf(' ', max - 1);
        return (cut > max / 2 ? t.substring(0, cut) : t.substring(0, max - 1)) + "…";
    }
}
