package dev.strata.application.export;

/**
 * @param apply                  write (without: a dry run that writes nothing, not even audit rows)
 * @param approveHardConstraints the operator asked for hard-constraint imports ({@code --approve-hard-constraints})
 * @param interactive            the process runs in an interactive terminal; hard constraints need both
 */
public record ImportOptions(boolean apply, boolean approveHardConstraints, boolean interactive) {

    public boolean hardConstraintsAllowed() {
        return approveHardConstraints && interactive;
    }
}
