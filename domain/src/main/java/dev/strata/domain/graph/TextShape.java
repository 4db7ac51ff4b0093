package dev.strata.domain.graph;

import java.util.Collections;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * What a text is made of, read in one pass, so that a recogniser whose pattern cannot match is
 * not run at all: the lower-case words (runs of ASCII letters and digits, the extractor's word
 * edges), whether any character is outside ASCII, and the longest run of letters and digits.
 */
record TextShape(String text, Set<String> words, boolean nonAscii, int longestAlnumRun) {

    static TextShape of(String text) {
        Set<String> words = new HashSet<>();
        boolean nonAscii = false;
        int longest = 0;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (!isAsciiAlnum(c)) {
                nonAscii |= c > 0x7F;
                i++;
                continue;
            }
            int end = i;
            while (end < text.length() && isAsciiAlnum(text.charAt(end))) {
                end++;
            }
            words.add(text.substring(i, end).toLowerCase(Locale.ROOT));
            longest = Math.max(longest, end - i);
            i = end;
        }
        // Not copied: the set is this record's alone, and copying it costs as much as building it.
        return new TextShape(text, Collections.unmodifiableSet(words), nonAscii, longest);
    }

    boolean hasAnyWordOf(Set<String> candidates) {
        for (String w : candidates) {
            if (words.contains(w)) {
                return true;
            }
        }
        return false;
    }

    boolean hasAnyOf(String characters) {
        for (int i = 0; i < characters.length(); i++) {
            if (text.indexOf(characters.charAt(i)) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean isAsciiAlnum(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
}
