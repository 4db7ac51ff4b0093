package dev.strata.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

/** The architecture rules, checked against the production classes of every module. */
class ArchitectureRulesTest {

    private static final StrataRules RULES = new StrataRules(ProductionClasses.ROOT);
    private final JavaClasses classes = ProductionClasses.get();

    @Test
    void domain_depends_only_on_java() {
        RULES.domainDependsOnlyOnJava().check(classes);
    }

    @Test
    void application_depends_only_on_domain_and_java() {
        RULES.applicationDependsOnlyOnDomainAndJava().check(classes);
    }

    @Test
    void adapters_do_not_depend_on_each_other() {
        RULES.adaptersDoNotDependOnEachOther().check(classes);
    }

    @Test
    void adapters_do_not_depend_on_bootstrap() {
        RULES.adaptersDoNotDependOnBootstrap().check(classes);
    }

    @Test
    void nothing_depends_on_bootstrap() {
        RULES.nothingDependsOnBootstrap().check(classes);
    }

    @Test
    void packages_are_free_of_cycles() {
        RULES.packagesAreFreeOfCycles().check(classes);
    }

    @Test
    void core_imports_no_framework() {
        RULES.coreImportsNoFramework().check(classes);
    }

    @Test
    void domain_stores_are_interfaces() {
        RULES.domainStoresAreInterfaces().check(classes);
    }

    @Test
    void domain_interfaces_are_implemented_in_adapters() {
        RULES.domainInterfacesAreImplementedInAdapters().check(classes);
    }

    @Test
    void adapters_are_named_after_their_port() {
        RULES.adaptersAreNamedAfterTheirPort().check(classes);
    }

    @Test
    void services_live_in_application() {
        RULES.servicesLiveInApplication().check(classes);
    }

    @Test
    void http_services_live_in_http_adapter() {
        RULES.httpServicesLiveInHttpAdapter().check(classes);
    }

    @Test
    void core_throws_domain_exceptions() {
        RULES.coreThrowsDomainExceptions().check(classes);
    }

    @Test
    void only_bootstrap_reads_the_system_clock() {
        RULES.onlyBootstrapReadsTheSystemClock().check(classes);
    }

    @Test
    void hexagon() {
        RULES.hexagon().check(classes);
    }

    @Test
    void settings_keys_are_read_only_by_settings_records() {
        RULES.settingsKeysAreReadOnlyBySettingsRecords().check(classes);
    }

    @Test
    void only_the_registry_decides_tool_behaviour() {
        RULES.onlyTheRegistryDecidesToolBehaviour().check(classes);
    }

    @Test
    void adapters_call_no_domain_policy() {
        RULES.adaptersCallNoDomainPolicy().check(classes);
    }

    @Test
    void privileged_write_origins_are_built_only_by_their_surface() {
        RULES.privilegedWriteOriginsAreBuiltOnlyByTheirSurface().check(classes);
    }

    @Test
    void background_jobs_run_only_through_background_jobs() {
        RULES.jobsRunOnlyThroughBackgroundJobs().check(classes);
    }
}
