package dev.strata.application.export;

/**
 * @param includeConstraints export {@code hard_constraint} preferences, in their own files and on the
 *                           asset pages (left out by default: user-specific risk caps, a one-way leak)
 * @param sign               add {@code signature.txt}, an HMAC-SHA256 per file under the instance key
 */
public record ExportOptions(boolean includeConstraints, boolean sign) {

    public static final ExportOptions DEFAULTS = new ExportOptions(false, false);
}
