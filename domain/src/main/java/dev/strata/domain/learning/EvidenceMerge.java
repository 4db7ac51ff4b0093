package dev.strata.domain.learning;

/**
 * How a restated proposal raises an existing row's evidence. A caller restating a preference adds
 * its evidence; a miner recounting the same observations only raises the count to what it saw, so
 * running mining twice over the same history is a no-op.
 */
public enum EvidenceMerge {
    ADD, AT_LEAST;

    public long merge(long existing, long proposed) {
        return this == ADD ? Math.min(NewPreference.MAX_EVIDENCE, existing + proposed) : Math.max(existing, proposed);
    }
}
