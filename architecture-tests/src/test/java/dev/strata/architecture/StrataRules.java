package dev.strata.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.alwaysTrue;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.onionArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnitAccess;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The architecture rules of Strata, built for a root package.
 *
 * <p>The production rules use the root {@code dev.strata}; the tests that prove each rule can fail
 * build the same rules for small fixture packages that mirror the layout under another root.
 */
final class StrataRules {

    /** The adapter modules, by the last segment of their package. */
    static final List<String> ADAPTERS = List.of("sqlite", "http", "llm", "workspace");

    /** Packages the framework-free core must never reach, even through a dependency it was allowed. */
    static final List<String> FRAMEWORKS = List.of(
            "io.helidon..", "jakarta..", "javax..", "java.sql..", "org.eclipse..", "com.zaxxer..",
            "org.sqlite..", "picocli..", "dev.langchain4j..",
            "com.fasterxml.jackson..", "com.google.gson..", "org.json..");

    /** Static factories that read the machine's clock instead of an injected {@link java.time.Clock}. */
    private static final Set<String> SYSTEM_CLOCK_READS = Set.of(
            "java.time.Instant.now()", "java.time.LocalDate.now()", "java.time.LocalDateTime.now()",
            "java.time.LocalTime.now()", "java.time.OffsetDateTime.now()", "java.time.ZonedDateTime.now()",
            "java.time.Clock.systemUTC()", "java.time.Clock.systemDefaultZone()",
            "java.lang.System.currentTimeMillis()");

    /** The simple-name suffixes of domain classes that hold a policy (see {@link #adaptersCallNoDomainPolicy()}). */
    static final List<String> POLICY_SUFFIXES = List.of("Extractor", "Scanner", "Ranker", "Normalizer", "Rules",
            "Classifier");

    private final String root;

    StrataRules(String root) {
        this.root = Objects.requireNonNull(root, "root");
    }

    String domain() {
        return root + ".domain..";
    }

    String application() {
        return root + ".application..";
    }

    String bootstrap() {
        return root + ".bootstrap..";
    }

    String adapters() {
        return root + ".adapters..";
    }

    String adapter(String name) {
        return root + ".adapters." + name + "..";
    }

    private String domainException() {
        return root + ".domain.error.DomainException";
    }

    /** Rule 1: the model depends on the JDK and on itself, nothing else. */
    ArchRule domainDependsOnlyOnJava() {
        return classes().that().resideInAPackage(domain())
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", domain())
                .as("domain depends only on java.. and the domain")
                .because("the model is plain Java: every other module depends on it, it depends on none");
    }

    /** Rule 2: use cases depend on the model and the JDK, nothing else. */
    ArchRule applicationDependsOnlyOnDomainAndJava() {
        return classes().that().resideInAPackage(application())
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", domain(), application())
                .as("application depends only on java.., the domain and the application")
                .because("use cases are driven through ports; they never see an adapter or a framework");
    }

    /** Rule 3a: every adapter is a slice of its own; no slice may use another. */
    ArchRule adaptersDoNotDependOnEachOther() {
        return slices().matching(root + ".adapters.(*)..").namingSlices("adapter $1")
                .should().notDependOnEachOther()
                .as("adapters do not depend on each other")
                .because("adapters meet only in bootstrap, so each can be replaced or dropped alone");
    }

    /** Rule 3b. */
    ArchRule adaptersDoNotDependOnBootstrap() {
        return noClasses().that().resideInAPackage(adapters())
                .should().dependOnClassesThat().resideInAPackage(bootstrap())
                .as("adapters do not depend on bootstrap")
                .because("configuration reaches an adapter as constructor arguments, never by lookup");
    }

    /** Rule 4. */
    ArchRule nothingDependsOnBootstrap() {
        return noClasses().that().resideOutsideOfPackage(bootstrap())
                .should().dependOnClassesThat().resideInAPackage(bootstrap())
                .as("nothing outside bootstrap depends on bootstrap")
                .because("bootstrap is the composition root: it depends on everything, nothing on it");
    }

    /** Rule 5: every package is a slice and the package graph has no cycle. */
    ArchRule packagesAreFreeOfCycles() {
        return slices().matching(root + ".(**)").namingSlices("$1")
                .should().beFreeOfCycles()
                .as("packages are free of cycles")
                .because("a cycle welds packages together: neither can be understood, tested or moved alone");
    }

    /**
     * Rule 6: the core imports no framework. Also closes the gap rules 1 and 2 leave open:
     * {@code java.sql} lies inside {@code java..}.
     */
    ArchRule coreImportsNoFramework() {
        return noClasses().that().resideInAnyPackage(domain(), application())
                .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORKS.toArray(String[]::new))
                .as("the core (domain and application) imports no framework")
                .because("the core must compile, run and be tested with nothing but the JDK");
    }

    /** Rule 7a: a store is a driven port, so the domain declares it as an interface only. */
    ArchRule domainStoresAreInterfaces() {
        return classes().that().resideInAPackage(domain()).and().haveSimpleNameEndingWith("Store")
                .should().beInterfaces()
                .as("stores in the domain are interfaces (driven ports)")
                .because("the domain names the capability; an adapter supplies the technology");
    }

    /** Rule 7b: application and bootstrap use ports; only adapters (or the domain itself) implement them. */
    ArchRule domainInterfacesAreImplementedInAdapters() {
        return classes().that(implementAnInterfaceIn(domain())).and().haveSimpleNameEndingWith("Store")
                .should().resideInAnyPackage(domain(), adapters())
                .as("implementations of domain stores live in the domain or in an adapter")
                .because("a store implemented in application or bootstrap hides persistence technology in the core "
                        + "or the wiring (application may still decorate other ports with policy, such as a budget)");
    }

    /** Rule 7c: "an adapter for its technology plus the port", e.g. SqliteMemoryStore implements MemoryStore. */
    ArchRule adaptersAreNamedAfterTheirPort() {
        return classes().that().resideInAPackage(adapters()).and(implementAnInterfaceIn(domain()))
                .should(beNamedAfterAnImplementedInterfaceIn(domain()))
                .as("an adapter implementing a port is named after that port")
                .because("the name says technology plus capability, so the port is found from the adapter");
    }

    /** Rule 7d. */
    ArchRule servicesLiveInApplication() {
        return classes().that().haveSimpleNameEndingWith("Service")
                .and().haveSimpleNameNotEndingWith("HttpService")
                .should().resideInAPackage(application())
                .as("use-case services (*Service) live in application")
                .because("a service implements an area's use cases; the only other services are the gateway's");
    }

    /** Rule 7e. */
    ArchRule httpServicesLiveInHttpAdapter() {
        return classes().that().haveSimpleNameEndingWith("HttpService")
                .should().resideInAPackage(adapter("http"))
                .as("*HttpService classes live in the HTTP adapter")
                .because("routing is the gateway's job; a use case must not know about HTTP");
    }

    /** Rule 7f. */
    ArchRule coreThrowsDomainExceptions() {
        return classes().that().resideInAnyPackage(domain(), application())
                .and().areAssignableTo(Throwable.class)
                .should().beAssignableTo(domainException())
                .as("exceptions declared in the core extend DomainException")
                .because("the gateway maps each of the few domain exceptions to one HTTP status");
    }

    /** Rule 7g. */
    ArchRule onlyBootstrapReadsTheSystemClock() {
        return noClasses().that().resideOutsideOfPackage(bootstrap())
                .should(readTheSystemClock())
                .as("only bootstrap reads the system clock")
                .because("time comes from an injected java.time.Clock so that tests control it");
    }

    /**
     * Rule 8a: configuration is read by the area's settings record alone ({@code XSettings.from(ConfigReader)});
     * the loader only hands the reader to each area. A module or adapter never looks a key up.
     */
    ArchRule settingsKeysAreReadOnlyBySettingsRecords() {
        return noClasses().that().resideInAPackage(bootstrap())
                .and().haveSimpleNameNotEndingWith("Settings")
                .and().doNotHaveSimpleName("SettingsLoader")
                .and().doNotHaveSimpleName("ConfigReader")
                .should().dependOnClassesThat().haveSimpleName("ConfigReader")
                .as("configuration keys are read only by the area's settings record")
                .because("adding a key must touch application.yaml, one settings record and one README row, "
                        + "and nothing else may depend on how a key is spelled");
    }

    /**
     * Rule 8b: the agent-tool front ends (REST's tool resource, MCP) translate only: they reach the
     * use cases through the tool registry, never a use-case service of their own choosing.
     */
    ArchRule onlyTheRegistryDecidesToolBehaviour() {
        return noClasses().that().resideInAnyPackage(root + ".adapters.http.tool..", root + ".adapters.http.mcp..",
                        root + ".adapters.mcp..")
                .should().dependOnClassesThat(useCaseServiceOutsideTheRegistry())
                .as("only the tool registry decides what a tool does; its front ends only translate")
                .because("a rule kept in one front end (fact routing, provenance, limits, scrubbing) would be "
                        + "missing from the next one");
    }

    /**
     * Rule 8c: adapters store, fetch and translate; the domain's policies (extracting entities and
     * edges, scanning for injection, ranking, normalising facts, classifying) run in the use cases.
     * A schema migration that back-fills a derived column for old rows runs before any use case
     * exists, so classes named {@code *Migration} are exempt.
     */
    ArchRule adaptersCallNoDomainPolicy() {
        return noClasses().that().resideInAPackage(adapters())
                .and().haveSimpleNameNotEndingWith("Migration")
                .should().dependOnClassesThat(domainPolicy())
                .as("adapters call no domain policy that belongs to a use case")
                .because("a policy an adapter applies is skipped by every other adapter of the same port, "
                        + "and the use case can no longer tell what it stored");
    }

    /** Domain classes that decide rather than hold: by the suffixes the codebase gives such classes. */
    private DescribedPredicate<JavaClass> domainPolicy() {
        DescribedPredicate<JavaClass> inDomain = resideInAPackage(domain());
        return DescribedPredicate.describe("are domain policies (*Extractor, *Scanner, *Ranker, *Normalizer, "
                        + "*Rules, *Classifier in the domain)",
                javaClass -> inDomain.test(javaClass) && POLICY_SUFFIXES.stream()
                        .anyMatch(suffix -> javaClass.getSimpleName().endsWith(suffix)));
    }

    private DescribedPredicate<JavaClass> useCaseServiceOutsideTheRegistry() {
        DescribedPredicate<JavaClass> inApplication = resideInAPackage(application());
        DescribedPredicate<JavaClass> inRegistry = resideInAPackage(root + ".application.tool..");
        return DescribedPredicate.describe("are use-case services (*Service in application) outside the tool registry",
                javaClass -> inApplication.test(javaClass) && !inRegistry.test(javaClass)
                        && javaClass.getSimpleName().endsWith("Service"));
    }

    /**
     * Rule 8d: provenance cannot be forged (spec 01's sources). A write's {@code WriteOrigin} decides
     * which sources it may claim, so the privileged origins are built only where that surface is:
     * {@code learningLoop} in the learning area, {@code rebuilder} in the personalization and
     * conversation areas, {@code person} in the HTTP adapter outside its tool front end (and in
     * bootstrap), {@code operator} in bootstrap. {@code agentTool} may be built anywhere.
     */
    ArchRule privilegedWriteOriginsAreBuiltOnlyByTheirSurface() {
        return classes().should(buildOnlyTheWriteOriginsTheirPackageMay())
                .as("privileged write origins are built only by their surface")
                .because("an origin decides which provenance a write may claim: a tool that could build a "
                        + "person's origin could store user_manual rows the consolidation never retires");
    }

    /** Who may call each privileged {@code WriteOrigin} factory, by package. */
    private List<String> allowedCallersOf(String factory) {
        return switch (factory) {
            case "learningLoop" -> List.of(root + ".application.learning..");
            case "rebuilder" -> List.of(root + ".application.personalization..", root + ".application.conversation..");
            case "person" -> List.of(root + ".adapters.http..", bootstrap());
            case "operator" -> List.of(bootstrap());
            default -> List.of("..");
        };
    }

    private ArchCondition<JavaClass> buildOnlyTheWriteOriginsTheirPackageMay() {
        String origin = root + ".application.provenance.WriteOrigin";
        List<String> toolFrontEnds = List.of(root + ".adapters.http.tool..", root + ".adapters.mcp..");
        return new ArchCondition<>("build only the write origins their package may build") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                Stream.concat(javaClass.getMethodCallsFromSelf().stream(), javaClass.getMethodReferencesFromSelf().stream())
                        .filter(call -> call.getTargetOwner().getName().equals(origin))
                        .forEach(call -> {
                            List<String> allowed = allowedCallersOf(call.getName());
                            boolean inAllowed = resideInAnyPackage(allowed).test(javaClass);
                            boolean inToolFrontEnd = resideInAnyPackage(toolFrontEnds).test(javaClass);
                            boolean privileged = !allowed.equals(List.of(".."));
                            if (privileged && (!inAllowed || inToolFrontEnd)) {
                                events.add(SimpleConditionEvent.violated(call, javaClass.getName() + " builds WriteOrigin."
                                        + call.getName() + " (allowed only in " + String.join(", ", allowed)
                                        + ", never in a tool front end): " + call.getDescription()));
                            }
                        });
            }
        };
    }

    /**
     * Rule 8e: a scheduled {@code Job}'s use case is run only by {@code bootstrap.area.BackgroundJobs}, which runs
     * it as background work (its transactions become write-gate slices that give way to requests).
     */
    ArchRule jobsRunOnlyThroughBackgroundJobs() {
        String job = root + ".bootstrap.area.Job";
        String runner = root + ".bootstrap.area.BackgroundJobs";
        return classes().should(new ArchCondition<JavaClass>("run no job's use case except through " + runner) {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                if (javaClass.getName().equals(runner) || javaClass.getName().equals(job)) {
                    return;
                }
                Stream.concat(javaClass.getMethodCallsFromSelf().stream(), javaClass.getMethodReferencesFromSelf().stream())
                        .filter(call -> call.getTargetOwner().getName().equals(job) && call.getName().equals("useCase"))
                        .forEach(call -> events.add(SimpleConditionEvent.violated(call, javaClass.getName()
                                + " runs a job's use case itself instead of through BackgroundJobs: "
                                + call.getDescription())));
            }
        }).as("background jobs run only through BackgroundJobs")
                .because("a job run any other way writes as a request would, outside the write gate's slices");
    }

    private static DescribedPredicate<JavaClass> resideInAnyPackage(List<String> packages) {
        return JavaClass.Predicates.resideInAnyPackage(packages.toArray(String[]::new));
    }

    /**
     * The hexagon as a whole; bootstrap, the composition root, is outside it on purpose. The onion
     * checks accesses between its layers only, so a dependency into bootstrap is rule 4's to catch.
     */
    ArchRule hexagon() {
        var onion = onionArchitecture()
                .domainModels(domain())
                .applicationServices(application());
        for (String name : ADAPTERS) {
            onion = onion.adapter(name, adapter(name));
        }
        return onion
                // An adapter without code yet is an empty layer; presence is checked by ProductionImportTest.
                .withOptionalLayers(true)
                .ignoreDependency(resideInAPackage(bootstrap()), alwaysTrue())
                .ensureAllClassesAreContainedInArchitectureIgnoring(bootstrap())
                .as("the hexagon: domain <- application <- adapters, bootstrap outside")
                .because("dependencies point inward only, and every class belongs to one part of the hexagon");
    }

    /** Every rule above, in the order of the README table; the production code must pass all of them. */
    List<ArchRule> all() {
        return List.of(
                domainDependsOnlyOnJava(), applicationDependsOnlyOnDomainAndJava(),
                adaptersDoNotDependOnEachOther(), adaptersDoNotDependOnBootstrap(), nothingDependsOnBootstrap(),
                packagesAreFreeOfCycles(), coreImportsNoFramework(),
                domainStoresAreInterfaces(), domainInterfacesAreImplementedInAdapters(),
                adaptersAreNamedAfterTheirPort(), servicesLiveInApplication(), httpServicesLiveInHttpAdapter(),
                coreThrowsDomainExceptions(), onlyBootstrapReadsTheSystemClock(),
                settingsKeysAreReadOnlyBySettingsRecords(), onlyTheRegistryDecidesToolBehaviour(),
                adaptersCallNoDomainPolicy(), privilegedWriteOriginsAreBuiltOnlyByTheirSurface(),
                jobsRunOnlyThroughBackgroundJobs(), hexagon());
    }

    private static DescribedPredicate<JavaClass> implementAnInterfaceIn(String packageIdentifier) {
        DescribedPredicate<JavaClass> inPackage = resideInAPackage(packageIdentifier);
        return DescribedPredicate.describe("implement an interface in " + packageIdentifier,
                javaClass -> !javaClass.isInterface()
                        && javaClass.getAllRawInterfaces().stream().anyMatch(inPackage));
    }

    private static ArchCondition<JavaClass> beNamedAfterAnImplementedInterfaceIn(String packageIdentifier) {
        DescribedPredicate<JavaClass> inPackage = resideInAPackage(packageIdentifier);
        return new ArchCondition<>("be named <technology><port> after a port they implement") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                List<String> ports = javaClass.getAllRawInterfaces().stream()
                        .filter(inPackage).map(JavaClass::getSimpleName).sorted().toList();
                boolean named = ports.stream().anyMatch(port -> javaClass.getSimpleName().endsWith(port)
                        && javaClass.getSimpleName().length() > port.length());
                String message = javaClass.getName() + (named ? " is" : " is not")
                        + " named <technology><port> after one of " + ports;
                events.add(new SimpleConditionEvent(javaClass, named, message));
            }
        };
    }

    private static ArchCondition<JavaClass> readTheSystemClock() {
        String reads = String.join(", ", SYSTEM_CLOCK_READS.stream().sorted().toList());
        return new ArchCondition<>("read the system clock (" + reads + ")") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                // Method references count too: Instant::now passed as a Supplier still reads the machine's clock.
                Stream.concat(javaClass.getMethodCallsFromSelf().stream(),
                                javaClass.getMethodReferencesFromSelf().stream())
                        .filter(access -> SYSTEM_CLOCK_READS.contains(signature(access)))
                        .forEach(access -> events.add(SimpleConditionEvent.satisfied(access, access.getDescription())));
            }
        };
    }

    private static String signature(JavaCodeUnitAccess<?> access) {
        return access.getTargetOwner().getName() + "." + access.getName() + "("
                + String.join(",", access.getTarget().getRawParameterTypes().stream().map(JavaClass::getName).toList())
                + ")";
    }
}
