package dev.strata.domain.vault;

/**
 * Driven port: rewrites stored text outside the vault that holds a registered secret. Text is
 * redacted as it is written, so this is needed only for text written before its secret was
 * registered (a secret stored after the memory that quotes it, or rows from before redaction on
 * write existed). Whatever is derived from a rewritten row is rebuilt with it: its search index
 * entries, its vectors (dropped, so the row is embedded again from the redacted text), its fact
 * dedup key, its typed edges and its injection flags.
 */
public interface StoredTextRedaction {

    /**
     * Rewrites every stored text of every tenant that holds a secret ({@link RedactionPolicy#holdsSecret}),
     * each as {@link RedactionPolicy#redact} for its own tenant, with its derived columns recomputed by
     * the policy, and erases the old text from the storage as far as the storage allows (indexes
     * merged, freed pages overwritten).
     */
    RedactionReport redactAll(RedactionPolicy policy);
}
