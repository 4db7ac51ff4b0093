package dev.strata.domain.safety;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;

/**
 * Reports text that looks like a prompt-injection attempt. It never blocks or rewrites: workspace
 * files are trusted input, so a hit is a warning for logs and doctor, and callers decide what a
 * finding means for other inputs (memory content, imports).
 *
 * <p>Invisible characters are removed and compatibility forms folded (NFKC) before the patterns
 * run, so {@code ig\u200Bnore previous instructions} and a full-width {@code ＜system＞} are still
 * caught, and each kind of invisible character is reported once, at its
 * first line. A byte-order mark at the very start of the text is an editor artefact, not a finding.
 */
public final class PromptInjectionScanner {

    private static final int MAX_MATCHES_PER_RULE = 20;

    public List<InjectionFinding> scan(String text) {
        if (text.isEmpty()) {
            return List.of();
        }
        String body = text.charAt(0) == '\uFEFF' ? text.substring(1) : text;
        List<InjectionFinding> findings = new ArrayList<>(invisibleCharacters(body));
        String stripped = removeInvisible(body);
        boolean ascii = stripped.chars().allMatch(c -> c < 0x80);
        // Full-width and other compatibility forms read as their plain letters (＜system＞ is <system>).
        String visible = ascii ? stripped : Normalizer.normalize(stripped, Normalizer.Form.NFKC);
        String lowerCase = ascii ? visible.toLowerCase(Locale.ROOT) : "";
        for (InjectionRule rule : InjectionRule.values()) {
            if (ascii && !rule.mayMatch(lowerCase)) {
                continue;
            }
            rule.pattern().ifPresent(pattern -> {
                Matcher matcher = pattern.matcher(visible);
                int count = 0;
                while (matcher.find() && count++ < MAX_MATCHES_PER_RULE) {
                    findings.add(new InjectionFinding(rule, lineOf(visible, matcher.start()), excerpt(matcher.group())));
                }
            });
        }
        findings.sort(Comparator.comparingInt(InjectionFinding::line).thenComparing(f -> f.rule().ordinal()));
        return List.copyOf(findings);
    }

    /** True for zero-width characters, bidi controls and Unicode tag characters (ASCII smuggling). */
    public static boolean isInvisible(int codePoint) {
        return switch (codePoint) {
            case 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF, 0x00AD,
                 0x180E -> true;
            default -> (codePoint >= 0x202A && codePoint <= 0x202E)
                    || (codePoint >= 0x2066 && codePoint <= 0x2069)
                    || (codePoint >= 0xE0000 && codePoint <= 0xE007F);
        };
    }

    private static List<InjectionFinding> invisibleCharacters(String text) {
        Map<Integer, Integer> firstLine = new LinkedHashMap<>();
        int line = 1;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (cp == '\n') {
                line++;
            } else if (isInvisible(cp)) {
                firstLine.putIfAbsent(cp, line);
            }
            i += Character.charCount(cp);
        }
        List<InjectionFinding> findings = new ArrayList<>();
        firstLine.forEach((cp, at) -> findings.add(new InjectionFinding(InjectionRule.INVISIBLE_UNICODE, at, codePointName(cp))));
        return findings;
    }

    private static String removeInvisible(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().filter(cp -> !isInvisible(cp)).forEach(out::appendCodePoint);
        return out.toString();
    }

    private static int lineOf(String text, int index) {
        int line = 1;
        for (int i = 0; i < index; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    private static String excerpt(String match) {
        String oneLine = match.replaceAll("\\s+", " ").strip();
        if (oneLine.length() <= InjectionFinding.MAX_EXCERPT) {
            return oneLine;
        }
        int end = InjectionFinding.MAX_EXCERPT - 1;
        if (Character.isHighSurrogate(oneLine.charAt(end - 1))) {
            end--;
        }
        return oneLine.substring(0, end) + "…";
    }

    private static String codePointName(int cp) {
        return String.format("U+%04X", cp);
    }
}
