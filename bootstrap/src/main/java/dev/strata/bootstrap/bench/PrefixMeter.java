package dev.strata.bootstrap.bench;

import dev.strata.domain.chunking.TokenEstimator;

/**
 * What a provider's prompt cache could serve of each model call: the tokens of the longest
 * byte-identical prefix the prompt shares with the previous call's prompt (Anthropic's and
 * OpenAI's caches both key on exact prefixes). Token counts are {@link TokenEstimator}'s
 * approximation (about four non-blank characters a token, one per CJK character), the same one
 * the chunker uses; a share of cacheable tokens depends on it far less than an absolute count.
 *
 * <p>The count is the raw shared prefix: providers round it down to their cache granularity
 * (OpenAI caches from 1,024 tokens on in steps of 128; Anthropic at the breakpoints a client
 * sets), which only lowers both approaches' figures by the same small amount.
 */
final class PrefixMeter {

    /** One call's prompt tokens and how many of them a prefix cache could serve. */
    record Measured(int promptTokens, int cacheableTokens) {
        Measured {
            if (promptTokens < 0 || cacheableTokens < 0 || cacheableTokens > promptTokens) {
                throw new IllegalArgumentException("0 <= cacheable <= prompt tokens: " + cacheableTokens + " of "
                        + promptTokens);
            }
        }
    }

    private String previous = "";

    /** Measures {@code prompt} against the previous call's prompt, then remembers it for the next call. */
    Measured observe(String prompt) {
        int shared = sharedPrefix(previous, prompt);
        previous = prompt;
        return new Measured(TokenEstimator.estimate(prompt), TokenEstimator.estimate(prompt, 0, shared));
    }

    /** Length of the common prefix of {@code a} and {@code b}, never ending inside a surrogate pair (a UTF-8 character). */
    static int sharedPrefix(String a, String b) {
        int n = Math.min(a.length(), b.length());
        int i = 0;
        while (i < n && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        if (i > 0 && i < b.length() && Character.isHighSurrogate(b.charAt(i - 1))) {
            i--;
        }
        return i;
    }
}
