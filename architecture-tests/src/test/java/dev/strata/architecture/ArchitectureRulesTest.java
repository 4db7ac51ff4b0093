package dev.strata.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

/** The architecture rules, checked against the production classes of every module. */
class ArchitectureRulesTest {

    private static final StrataRules RULES = new StrataRules(ProductionClasses.ROOT);
    private final JavaClasses classes = ProductionClasses.get();

    @Test
    void domainDependsOnlyOnJava() {
        RULES.domainDependsOnlyOnJava().check(classes);
    }

    @Test
    void applicationDependsOnlyOnDomainAndJava() {
        RULES.applicationDependsOnlyOnDomainAndJava().check(classes);
    }

    @Test
    void adaptersDoNotDependOnEachOther() {
        RULES.adaptersDoNotDependOnEachOther().check(classes);
    }

    @Test
    void adaptersDoNotDependOnBootstrap() {
        RULES.adaptersDoNotDependOnBootstrap().check(classes);
    }

    @Test
    void nothingDependsOnBootstrap() {
        RULES.nothingDependsOnBootstrap().check(classes);
    }

    @Test
    void packagesAreFreeOfCycles() {
        RULES.packagesAreFreeOfCycles().check(classes);
    }

    @Test
    void coreImportsNoFramework() {
        RULES.coreImportsNoFramework().check(classes);
    }

    @Test
    void domainStoresAreInterfaces() {
        RULES.domainStoresAreInterfaces().check(classes);
    }

    @Test
    void domainInterfacesAreImplementedInAdapters() {
        RULES.domainInterfacesAreImplementedInAdapters().check(classes);
    }

    @Test
    void adaptersAreNamedAfterTheirPort() {
        RULES.adaptersAreNamedAfterTheirPort().check(classes);
    }

    @Test
    void servicesLiveInApplication() {
        RULES.servicesLiveInApplication().check(classes);
    }

    @Test
    void httpServicesLiveInHttpAdapter() {
        RULES.httpServicesLiveInHttpAdapter().check(classes);
    }

    @Test
    void coreThrowsDomainExceptions() {
        RULES.coreThrowsDomainExceptions().check(classes);
    }

    @Test
    void onlyBootstrapReadsTheSystemClock() {
        RULES.onlyBootstrapReadsTheSystemClock().check(classes);
    }

    @Test
    void hexagon() {
        RULES.hexagon().check(classes);
    }

    @Test
    void settingsKeysAreReadOnlyBySettingsRecords() {
        RULES.settingsKeysAreReadOnlyBySettingsRecords().check(classes);
    }

    @Test
    void onlyTheRegistryDecidesToolBehaviour() {
        RULES.onlyTheRegistryDecidesToolBehaviour().check(classes);
    }

    @Test
    void adaptersCallNoDomainPolicy() {
        RULES.adaptersCallNoDomainPolicy().check(classes);
    }

    @Test
    void privilegedWriteOriginsAreBuiltOnlyByTheirSurface() {
        RULES.privilegedWriteOriginsAreBuiltOnlyByTheirSurface().check(classes);
    }
}
