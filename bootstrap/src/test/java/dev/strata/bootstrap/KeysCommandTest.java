package dev.strata.bootstrap;

import dev.strata.adapters.http.GatewaySettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code strata keys} on a data directory, and the server's refusal to require auth without a key. */
class KeysCommandTest {

    @TempDir
    Path dataDir;

    private String stdout;
    private String stderr;

    private int run(String... args) {
        Cli cli = Cli.run(args);
        stdout = cli.out();
        stderr = cli.err();
        return cli.exitCode();
    }

    private StrataSettings settings() {
        return SettingsLoader.fromDefaults().load().withDataDir(dataDir);
    }

    @Test
    void createPrintsTheKeyOnceAndOnlyTheKeyOnStdout() {
        assertThat(run("keys", "create", "--tenant", "acme", "--data-dir", dataDir.toString())).isZero();
        String token = stdout.strip();

        assertThat(token).matches("sk_strata_[a-z0-9]{12}_[A-Za-z0-9_-]{43}");
        assertThat(stderr).contains("tenant acme").contains("shown only this once").doesNotContain(token);
        try (Strata.Opened opened = Strata.open(settings(), Clock.systemUTC())) {
            assertThat(opened.services().access().authenticate(token).orElseThrow().tenant().value()).isEqualTo("acme");
        }
    }

    @Test
    void listShowsIdsTenantsAndStateButNeverAKeyOrItsHash() {
        run("keys", "create", "--tenant", "acme", "--data-dir", dataDir.toString());
        String token = stdout.strip();
        String id = token.substring("sk_strata_".length(), "sk_strata_".length() + 12);
        run("keys", "create", "--tenant", "ops", "--admin", "--data-dir", dataDir.toString());

        assertThat(run("keys", "list", "--data-dir", dataDir.toString())).isZero();

        assertThat(stdout).contains("ID", "TENANT", "ADMIN", id, "acme", "ops", "yes");
        assertThat(stdout).doesNotContain(token).doesNotContain(token.substring(23)).doesNotContain("sk_strata_");
        try (Strata.Opened opened = Strata.open(settings(), Clock.systemUTC())) {
            String hash = opened.services().access().list().get(0).hash();
            assertThat(stdout).doesNotContain(hash);
        }
    }

    @Test
    void revokeStopsTheKeyAndListShowsWhen() {
        run("keys", "create", "--tenant", "acme", "--data-dir", dataDir.toString());
        String token = stdout.strip();
        String id = token.substring("sk_strata_".length(), "sk_strata_".length() + 12);

        assertThat(run("keys", "revoke", id, "--data-dir", dataDir.toString())).isZero();
        assertThat(stderr).contains("key " + id).contains("revoked");

        run("keys", "list", "--data-dir", dataDir.toString());
        assertThat(stdout.lines().filter(l -> l.startsWith(id)).findFirst().orElseThrow()).doesNotEndWith("-");
        try (Strata.Opened opened = Strata.open(settings(), Clock.systemUTC())) {
            assertThat(opened.services().access().authenticate(token)).isEmpty();
        }
    }

    @Test
    void badArgumentsAreUsageErrors() {
        String dir = dataDir.toString();
        assertThat(run("keys")).isEqualTo(2);
        assertThat(run("keys", "create", "--data-dir", dir)).isEqualTo(2);
        assertThat(stderr).contains("--tenant");
        assertThat(run("keys", "create", "--tenant", "Not A Slug!", "--data-dir", dir)).isEqualTo(2);
        assertThat(stderr).contains("--tenant");
        assertThat(run("keys", "revoke", "--data-dir", dir)).isEqualTo(2);
        assertThat(run("keys", "revoke", "../etc/passwd", "--data-dir", dir)).isEqualTo(2);
        assertThat(stderr).contains("ID");
        assertThat(run("keys", "list", "--bogus")).isEqualTo(2);
        assertThat(run("keys", "--help")).isZero();
    }

    @Test
    void revokingAnUnknownKeyFailsWithExitOne() {
        assertThat(run("keys", "revoke", "zzzzzzzzzzzz", "--data-dir", dataDir.toString())).isEqualTo(1);
        assertThat(stderr).contains("zzzzzzzzzzzz").contains("not found");
    }

    @Test
    void serveRefusesToRequireAuthWithoutAnActiveKey() {
        assertThat(run("serve", "--require-auth", "--port", "0", "--data-dir", dataDir.toString())).isEqualTo(1);
        assertThat(stderr).contains("no active API key").contains("strata keys create --tenant");

        assertThat(run("serve", "--host", "0.0.0.0", "--port", "0", "--data-dir", dataDir.toString())).isEqualTo(1);
        assertThat(stderr).contains("--host 0.0.0.0 is not a loopback address");
    }

    @Test
    void aRevokedOnlyKeyDoesNotCountAndAnActiveOneLetsTheServerStart() {
        StrataSettings required = settings().withGateway(GatewaySettings.defaults("127.0.0.1", 0).withRequireAuth(true));
        try (Strata.Opened opened = Strata.open(required, Clock.systemUTC())) {
            var access = opened.services().access();
            access.revoke(access.create(dev.strata.domain.memory.Tenant.of("acme"), false).key().id());
        }
        assertThatThrownBy(() -> Strata.start(required, Clock.systemUTC()))
                .isInstanceOf(Strata.NoActiveKeyException.class);

        try (Strata.Opened opened = Strata.open(required, Clock.systemUTC())) {
            opened.services().access().create(dev.strata.domain.memory.Tenant.of("acme"), false);
        }
        try (Strata strata = Strata.start(required, Clock.systemUTC())) {
            assertThat(strata.port()).isPositive();
        }
    }
}
