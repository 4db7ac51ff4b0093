package dev.strata.application.personalization.rebuild;

/** How stored text enters a rebuild prompt: one line each, bounded, so a line cannot forge another. */
final class PromptText {

    private PromptText() {
    }

    static String line(String text, int max) {
        String one = text.replaceAll("[\\r\\n\\u0085\\u2028\\u2029]+", " ").replaceAll("\\p{Cntrl}", " ").strip();
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
