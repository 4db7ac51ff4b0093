package dev.strata.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.Location;
import java.net.URI;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rules are only as good as the classes they see: these tests pin the import to exactly the
 * production classes of the modules, and check that every subject a rule names is present.
 */
class ProductionImportTest {

    private static final JavaClasses CLASSES = ProductionClasses.get();
    private static final ReactorSources SOURCES = ReactorSources.locate();
    private static final StrataRules RULES = new StrataRules(ProductionClasses.ROOT);

    @Test
    void every_type_declared_in_a_module_main_source_tree_is_imported() {
        Map<String, Set<String>> declared = SOURCES.mainTypesByModule();

        assertThat(declared).as("modules with main sources")
                .containsKeys("domain", "application", "adapters-sqlite", "adapters-http", "bootstrap");
        Set<String> imported = importedNames();
        declared.forEach((module, types) -> assertThat(imported).as("types of " + module).containsAll(types));
    }

    @Test
    void no_test_type_of_any_module_is_imported() {
        Set<String> testTypes = SOURCES.testTypes();

        assertThat(testTypes).as("this module's own tests at least").contains(getClass().getName());
        assertThat(importedNames()).doesNotContainAnyElementsOf(testTypes);
        assertThat(importedNames()).noneMatch(name -> name.endsWith("Test"));
    }

    @Test
    void only_strata_classes_are_checked() {
        assertThat(importedNames())
                .allMatch(name -> name.startsWith(ProductionClasses.ROOT + "."))
                .noneMatch(name -> name.startsWith(ProductionClasses.ROOT + ".architecture."));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "file:/r/domain/target/classes/dev/strata/domain/memory/Memory.class, true",
        "jar:file:/r/domain/target/strata-domain-0.1.0-SNAPSHOT.jar!/dev/strata/domain/memory/Memory.class, true",
        "jar:file:/r/bootstrap/target/strata.jar!/dev/strata/bootstrap/Main.class, true",
        "jar:file:/r/domain/target/strata-domain-0.1.0-SNAPSHOT-tests.jar!/dev/strata/domain/memory/Fake.class, false",
        "jar:file:/m2/io/helidon/helidon-webserver-4.1.2.jar!/io/helidon/webserver/WebServer.class, false",
    })
    void theImportKeepsClassDirectoriesAndStrataMainJarsOnly(String uri, boolean included) {
        assertThat(new ProductionClasses.OnlyStrataMainArtifacts().includes(Location.of(URI.create(uri))))
                .isEqualTo(included);
    }

    static Stream<Arguments> subjectsOfTheRules() {
        return Stream.of(
                subject("domain classes (rules 1, 6, hexagon)", resideInAPackage(RULES.domain())),
                subject("application classes (rules 2, 6, hexagon)", resideInAPackage(RULES.application())),
                subject("bootstrap classes (rules 3b, 4)", resideInAPackage(RULES.bootstrap())),
                subject("SQLite adapter classes (rules 3a, 3b, hexagon)", resideInAPackage(RULES.adapter("sqlite"))),
                subject("HTTP adapter classes (rules 3a, 3b, hexagon)", resideInAPackage(RULES.adapter("http"))),
                subject("stores in the domain (rule 7a)", resideInAPackage(RULES.domain())
                        .and(named("*Store", name -> name.endsWith("Store")))),
                subject("adapters implementing a domain interface (rules 7b, 7c)", resideInAPackage(RULES.adapters())
                        .and(implementsInterfaceIn(RULES.domain()))),
                subject("use-case services (rule 7d)", resideInAPackage(RULES.application())
                        .and(named("*Service", name -> name.endsWith("Service")))),
                subject("HTTP services (rule 7e)", named("*HttpService", name -> name.endsWith("HttpService"))),
                subject("exceptions in the core (rule 7f)", resideInAPackage(RULES.domain())
                        .and(JavaClass.Predicates.assignableTo(Throwable.class))),
                subject("classes outside bootstrap (rules 4, 7g)",
                        DescribedPredicate.not(resideInAPackage(RULES.bootstrap()))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("subjectsOfTheRules")
    void every_subject_a_rule_names_is_present(String subject, DescribedPredicate<JavaClass> predicate) {
        assertThat(CLASSES.that(predicate)).as(subject).isNotEmpty();
    }

    @Test
    void the_adapter_rule_compares_at_least_two_adapters() {
        Set<String> adapters = new TreeSet<>();
        for (JavaClass javaClass : CLASSES.that(resideInAPackage(RULES.adapters()))) {
            adapters.add(javaClass.getPackageName().split("\\.")[3]);
        }

        assertThat(adapters).hasSizeGreaterThanOrEqualTo(2);
        assertThat(StrataRules.ADAPTERS).containsAll(adapters);
    }

    @Test
    void the_cycle_rule_sees_the_packages_of_every_layer() {
        Set<String> packages = new TreeSet<>();
        CLASSES.forEach(javaClass -> packages.add(javaClass.getPackageName()));

        assertThat(packages).hasSizeGreaterThan(5)
                .anyMatch(name -> name.startsWith("dev.strata.domain."))
                .anyMatch(name -> name.startsWith("dev.strata.application."))
                .anyMatch(name -> name.startsWith("dev.strata.adapters."))
                .anyMatch(name -> name.startsWith("dev.strata.bootstrap"));
    }

    private static Arguments subject(String description, DescribedPredicate<JavaClass> predicate) {
        return Arguments.of(description, predicate);
    }

    private static DescribedPredicate<JavaClass> named(String pattern, Predicate<String> test) {
        return DescribedPredicate.describe("named " + pattern, javaClass -> test.test(javaClass.getSimpleName()));
    }

    private static DescribedPredicate<JavaClass> implementsInterfaceIn(String packageIdentifier) {
        DescribedPredicate<JavaClass> inPackage = resideInAPackage(packageIdentifier);
        return DescribedPredicate.describe("implements an interface in " + packageIdentifier,
                javaClass -> javaClass.getAllRawInterfaces().stream().anyMatch(inPackage));
    }

    private static Set<String> importedNames() {
        Set<String> names = new TreeSet<>();
        CLASSES.forEach(javaClass -> names.add(javaClass.getName()));
        return names;
    }
}
