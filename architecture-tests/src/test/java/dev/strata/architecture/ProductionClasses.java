package dev.strata.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import java.util.regex.Pattern;

/**
 * The production classes of every Strata module, imported once per test run.
 *
 * <p>Test classes are left out whether they come as a {@code test-classes} directory or as a
 * module's test-jar; third-party jars are left out whatever packages they hold. What remains is
 * exactly the classes the modules ship.
 */
final class ProductionClasses {

    static final String ROOT = "dev.strata";

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(new OnlyStrataMainArtifacts())
            .importPackages(ROOT);

    private ProductionClasses() {
    }

    static JavaClasses get() {
        return CLASSES;
    }

    /**
     * Keeps class directories and the modules' own main jars. Maven hands the reactor's modules over
     * as {@code target/classes} before {@code package} and as their jars after it ({@code strata-*.jar},
         * bootstrap's is {@code strata.jar}); the
     * domain's test fixtures arrive as {@code strata-domain-*-tests.jar}.
     */
    static final class OnlyStrataMainArtifacts implements ImportOption {
        private static final Pattern STRATA_JAR = Pattern.compile(".*/strata(-[^/]*)?\\.jar!/.*");
        private static final Pattern TEST_JAR = Pattern.compile(".*-tests\\.jar!/.*");

        @Override
        public boolean includes(Location location) {
            if (!location.isJar()) {
                return true;
            }
            return location.matches(STRATA_JAR) && !location.matches(TEST_JAR);
        }
    }
}
