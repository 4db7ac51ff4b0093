package dev.strata.domain.learning;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The loop's scoring thresholds (spec 01's {@code LEARNING_CONFIG}), pure and in one place:
 * <ul>
 *   <li>confidence is the Wilson lower bound at {@code z}; a methodology without scored uses has
 *       {@code initialConfidence};</li>
 *   <li>graduation needs confidence {@code >= graduationConfidence} AND uses {@code >= graduationMinUses},
 *       and only ever happens through an explicit approve;</li>
 *   <li>demotion (when enabled) quarantines a methodology whose confidence is strictly below
 *       {@code demotionConfidence} with at least {@code demotionMinUses} uses; it only raises quarantine.</li>
 * </ul>
 */
public record LearningPolicy(double z, double initialConfidence, double graduationConfidence, long graduationMinUses,
                             double demotionConfidence, long demotionMinUses, boolean demotionEnabled) {

    public static final LearningPolicy DEFAULTS = new LearningPolicy(1.96, 0.5, 0.55, 10, 0.40, 20, true);

    public LearningPolicy {
        if (!(z >= 0 && z <= 10)) {
            throw new IllegalArgumentException("z must be within [0, 10]: " + z);
        }
        requireUnit("initialConfidence", initialConfidence);
        requireUnit("graduationConfidence", graduationConfidence);
        requireUnit("demotionConfidence", demotionConfidence);
        if (demotionConfidence > graduationConfidence) {
            throw new IllegalArgumentException("demotionConfidence must not exceed graduationConfidence, or a "
                    + "methodology could be graduated and demoted by the same numbers");
        }
        if (graduationMinUses < 0 || demotionMinUses < 0) {
            throw new IllegalArgumentException("minimum uses must not be negative");
        }
    }

    private static void requireUnit(String name, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(name + " must be within [0, 1]: " + value);
        }
    }

    public double confidence(long successes, long uses) {
        return uses == 0 ? initialConfidence : Wilson.lowerBound(successes, uses, z);
    }

    /** The bars a methodology with these numbers misses; empty when an approve may graduate it. */
    public List<GraduationBar> missedBars(double confidence, long uses) {
        List<GraduationBar> missed = new ArrayList<>(2);
        if (confidence < graduationConfidence) {
            missed.add(GraduationBar.CONFIDENCE);
        }
        if (uses < graduationMinUses) {
            missed.add(GraduationBar.USES);
        }
        return List.copyOf(missed);
    }

    /** Whether these numbers demote a graduated methodology (false whenever demotion is off). */
    public boolean demotes(double confidence, long uses) {
        return wouldDemote(confidence, uses) && demotionEnabled;
    }

    /** The demotion rule regardless of the toggle: shadow mode records what it would have done. */
    public boolean wouldDemote(double confidence, long uses) {
        return uses >= demotionMinUses && confidence < demotionConfidence;
    }

    public LearningPolicy withDemotion(boolean enabled) {
        return new LearningPolicy(z, initialConfidence, graduationConfidence, graduationMinUses, demotionConfidence,
                demotionMinUses, enabled);
    }

    public LearningPolicy withZ(double newZ) {
        return new LearningPolicy(newZ, initialConfidence, graduationConfidence, graduationMinUses, demotionConfidence,
                demotionMinUses, demotionEnabled);
    }

    public LearningPolicy withGraduation(double confidence, long minUses) {
        return new LearningPolicy(z, initialConfidence, confidence, minUses, demotionConfidence, demotionMinUses,
                demotionEnabled);
    }

    public LearningPolicy withDemotionBar(double confidence, long minUses) {
        return new LearningPolicy(z, initialConfidence, graduationConfidence, graduationMinUses, confidence, minUses,
                demotionEnabled);
    }

    public LearningPolicy withInitialConfidence(double confidence) {
        return new LearningPolicy(z, confidence, graduationConfidence, graduationMinUses, demotionConfidence,
                demotionMinUses, demotionEnabled);
    }

    /** A confidence as it is shown everywhere (three decimals, locale-independent). */
    public static String format(double confidence) {
        return String.format(Locale.ROOT, "%.3f", confidence);
    }
}
