package dev.strata.architecture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule is run against a miniature hexagon that breaks it on purpose (the packages under
 * {@code dev.strata.architecture.fixture}) and must fail there, naming the offending classes; the
 * compliant miniature must pass all of them. A rule that cannot fail checks nothing.
 */
class RulesCatchViolationsTest {

    private static final String FIXTURES = "dev.strata.architecture.fixture";

    record Violation(String scenario, String rule, Function<StrataRules, ArchRule> build, List<String> offenders) {
        @Override
        public String toString() {
            return rule + " fails on '" + scenario + "'";
        }
    }

    static Stream<Violation> violations() {
        return Stream.of(
                new Violation("domainapplication", "domain depends only on java", StrataRules::domainDependsOnlyOnJava,
                        List.of("domain.order.Basket")),
                new Violation("domainsql", "core imports no framework", StrataRules::coreImportsNoFramework,
                        List.of("domain.ledger.LedgerRow")),
                new Violation("domainbootstrap", "domain depends only on java", StrataRules::domainDependsOnlyOnJava,
                        List.of("domain.order.Basket")),
                new Violation("applicationadapter", "application depends only on domain and java",
                        StrataRules::applicationDependsOnlyOnDomainAndJava, List.of("application.order.OrderService")),
                new Violation("applicationframework", "application depends only on domain and java",
                        StrataRules::applicationDependsOnlyOnDomainAndJava, List.of("application.order.OrderJson")),
                new Violation("applicationframework", "core imports no framework", StrataRules::coreImportsNoFramework,
                        List.of("application.order.OrderJson")),
                new Violation("adapterpair", "adapters do not depend on each other",
                        StrataRules::adaptersDoNotDependOnEachOther, List.of("adapters.http.OrderHttpService")),
                new Violation("adapterbootstrap", "adapters do not depend on bootstrap",
                        StrataRules::adaptersDoNotDependOnBootstrap, List.of("adapters.sqlite.SqliteFiles")),
                new Violation("adapterbootstrap", "nothing depends on bootstrap", StrataRules::nothingDependsOnBootstrap,
                        List.of("adapters.sqlite.SqliteFiles")),
                new Violation("domainbootstrap", "nothing depends on bootstrap", StrataRules::nothingDependsOnBootstrap,
                        List.of("domain.order.Basket")),
                new Violation("domaincycle", "packages are free of cycles", StrataRules::packagesAreFreeOfCycles,
                        List.of("domain.alpha.Alpha", "domain.beta.Beta")),
                new Violation("bootstrapcycle", "packages are free of cycles", StrataRules::packagesAreFreeOfCycles,
                        List.of("bootstrap.Wiring", "bootstrap.cli.RunCommand")),
                new Violation("storeclass", "domain stores are interfaces", StrataRules::domainStoresAreInterfaces,
                        List.of("domain.order.OrderStore")),
                new Violation("portinapplication", "domain interfaces are implemented in adapters",
                        StrataRules::domainInterfacesAreImplementedInAdapters, List.of("application.order.CachedOrderStore")),
                new Violation("misnamedadapter", "adapters are named after their port",
                        StrataRules::adaptersAreNamedAfterTheirPort, List.of("adapters.sqlite.OrderTable")),
                new Violation("servicemisplaced", "services live in application", StrataRules::servicesLiveInApplication,
                        List.of("domain.pricing.PricingService")),
                new Violation("httpservicemisplaced", "HTTP services live in the HTTP adapter",
                        StrataRules::httpServicesLiveInHttpAdapter, List.of("application.order.OrderHttpService")),
                new Violation("foreignexception", "core throws domain exceptions", StrataRules::coreThrowsDomainExceptions,
                        List.of("domain.order.OrderRejected")),
                new Violation("systemclock", "only bootstrap reads the system clock",
                        StrataRules::onlyBootstrapReadsTheSystemClock, List.of("adapters.sqlite.SqliteStamp",
                                "adapters.sqlite.SqliteStampSupplier", "application.order.OrderTimer")),
                new Violation("settingslookup", "configuration keys are read only by the area's settings record",
                        StrataRules::settingsKeysAreReadOnlyBySettingsRecords, List.of("bootstrap.order.OrderModule")),
                new Violation("toolfrontend", "only the tool registry decides what a tool does",
                        StrataRules::onlyTheRegistryDecidesToolBehaviour, List.of("adapters.http.tool.ToolHttpService",
                                "adapters.mcp.McpTools")),
                new Violation("adapterpolicy", "adapters call no domain policy",
                        StrataRules::adaptersCallNoDomainPolicy, List.of("adapters.sqlite.SqliteOrderStore")),
                new Violation("forgedorigin", "privileged write origins are built only by their surface",
                        StrataRules::privilegedWriteOriginsAreBuiltOnlyByTheirSurface,
                        List.of("adapters.http.tool.ToolFrontEnd", "application.order.OrderTools",
                                "adapters.sqlite.SqliteImport")),
                new Violation("jobbypass", "background jobs run only through BackgroundJobs",
                        StrataRules::jobsRunOnlyThroughBackgroundJobs, List.of("bootstrap.Scheduler")),
                new Violation("applicationadapter", "hexagon", StrataRules::hexagon,
                        List.of("application.order.OrderService")),
                new Violation("adapterpair", "hexagon", StrataRules::hexagon, List.of("adapters.http.OrderHttpService")),
                new Violation("domainapplication", "hexagon", StrataRules::hexagon, List.of("domain.order.Basket")),
                new Violation("strayarea", "hexagon", StrataRules::hexagon, List.of("util.Strings")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("violations")
    void rule_fails_on_its_violation_and_names_the_offenders(Violation violation) {
        String root = FIXTURES + "." + violation.scenario();
        EvaluationResult result = violation.build().apply(new StrataRules(root)).evaluate(fixture(violation.scenario()));

        assertThat(result.hasViolation()).as(violation.toString()).isTrue();
        String report = String.join("\n", result.getFailureReport().getDetails());
        for (String offender : violation.offenders()) {
            assertThat(report).contains(root + "." + offender);
        }
    }

    /** java.sql is inside java..: rule 1 alone lets it through, which is why rule 6 names it. */
    @Test
    void java_sql_in_the_domain_is_stopped_by_the_framework_rule_not_by_the_java_only_rule() {
        StrataRules rules = new StrataRules(FIXTURES + ".domainsql");
        JavaClasses domainsql = fixture("domainsql");

        assertThat(rules.domainDependsOnlyOnJava().evaluate(domainsql).hasViolation()).isFalse();
        assertThat(rules.coreImportsNoFramework().evaluate(domainsql).hasViolation()).isTrue();
    }

    @Test
    void every_rule_passes_on_the_compliant_hexagon() {
        JavaClasses clean = fixture("clean");

        for (ArchRule rule : new StrataRules(FIXTURES + ".clean").all()) {
            EvaluationResult result = rule.evaluate(clean);
            assertThat(result.getFailureReport().getDetails()).as(rule.getDescription()).isEmpty();
        }
    }

    @Test
    void every_rule_is_exercised_by_a_violation() {
        StrataRules rules = new StrataRules(FIXTURES);
        Set<String> exercised = violations().map(violation -> violation.build().apply(rules).getDescription())
                .collect(Collectors.toSet());

        assertThat(exercised).containsExactlyInAnyOrderElementsOf(
                rules.all().stream().map(ArchRule::getDescription).toList());
    }

    /** archunit.properties keeps failOnEmptyShould on: a rule aimed at a package with no class fails. */
    @Test
    void a_rule_that_sees_no_class_fails_instead_of_passing() {
        ArchRule aimedAtNothing = new StrataRules(FIXTURES + ".nowhere").domainDependsOnlyOnJava();

        assertThatThrownBy(() -> aimedAtNothing.evaluate(fixture("clean")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("failed to check any classes");
    }

    private static JavaClasses fixture(String scenario) {
        return new ClassFileImporter().importPackages(FIXTURES + "." + scenario);
    }
}
