package dev.strata.bootstrap;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.bootstrap.server.ServerSettings;
import dev.strata.domain.audit.AuditQuery;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/** {@code strata keys} on a data directory, and the server's refusal to require auth without a key. */
class KeysCommandTest {

    @TempDir
    Path dataDir;

    private final Cli.Shell shell = new Cli.Shell();

    private StrataSettings settings() {
        return SettingsLoader.fromDefaults().load().withDataDir(dataDir);
    }

    @Test
    void create_prints_the_key_once_and_only_the_key_on_stdout() {
        assertThat(shell.run("keys", "create", "--tenant", "acme", "--data-dir", dataDir.toString())).isZero();
        String token = shell.out().strip();

        assertThat(token).matches("sk_strata_[a-z0-9]{12}_[A-Za-z0-9_-]{43}");
        assertThat(shell.err()).contains("tenant acme").contains("shown only this once").doesNotContain(token);
        try (StrataCore core = StrataCore.open(settings(), Clock.systemUTC())) {
            assertThat(core.access().access().authenticate(token).orElseThrow().tenant().value()).isEqualTo("acme");
        }
    }

    @Test
    void list_shows_ids_tenants_and_state_but_never_a_key_or_its_hash() {
        shell.run("keys", "create", "--tenant", "acme", "--data-dir", dataDir.toString());
        String token = shell.out().strip();
        String id = token.substring("sk_strata_".length(), "sk_strata_".length() + 12);
        shell.run("keys", "create", "--tenant", "ops", "--admin", "--data-dir", dataDir.toString());

        assertThat(shell.run("keys", "list", "--data-dir", dataDir.toString())).isZero();

        assertThat(shell.out()).contains("ID", "TENANT", "ADMIN", id, "acme", "ops", "yes");
        assertThat(shell.out()).doesNotContain(token).doesNotContain(token.substring(23)).doesNotContain("sk_strata_");
        try (StrataCore core = StrataCore.open(settings(), Clock.systemUTC())) {
            String hash = core.access().access().list().get(0).hash();
            assertThat(shell.out()).doesNotContain(hash);
        }
    }

    @Test
    void revoke_stops_the_key_and_list_shows_when() {
        shell.run("keys", "create", "--tenant", "acme", "--data-dir", dataDir.toString());
        String token = shell.out().strip();
        String id = token.substring("sk_strata_".length(), "sk_strata_".length() + 12);

        assertThat(shell.run("keys", "revoke", id, "--data-dir", dataDir.toString())).isZero();
        assertThat(shell.err()).contains("key " + id).contains("revoked");

        shell.run("keys", "list", "--data-dir", dataDir.toString());
        assertThat(shell.out().lines().filter(l -> l.startsWith(id)).findFirst().orElseThrow()).doesNotEndWith("-");
        try (StrataCore core = StrataCore.open(settings(), Clock.systemUTC())) {
            assertThat(core.access().access().authenticate(token)).isEmpty();
        }
    }

    @Test
    void bad_arguments_are_usage_errors() {
        String dir = dataDir.toString();
        assertThat(shell.run("keys")).isEqualTo(2);
        assertThat(shell.run("keys", "create", "--data-dir", dir)).isEqualTo(2);
        assertThat(shell.err()).contains("--tenant");
        assertThat(shell.run("keys", "create", "--tenant", "Not A Slug!", "--data-dir", dir)).isEqualTo(2);
        assertThat(shell.err()).contains("--tenant");
        assertThat(shell.run("keys", "revoke", "--data-dir", dir)).isEqualTo(2);
        assertThat(shell.run("keys", "revoke", "../etc/passwd", "--data-dir", dir)).isEqualTo(2);
        assertThat(shell.err()).contains("ID");
        assertThat(shell.run("keys", "list", "--bogus")).isEqualTo(2);
        assertThat(shell.run("keys", "--help")).isZero();
    }

    @Test
    void revoking_an_unknown_key_fails_with_exit_one() {
        assertThat(shell.run("keys", "revoke", "zzzzzzzzzzzz", "--data-dir", dataDir.toString())).isEqualTo(1);
        assertThat(shell.err()).contains("zzzzzzzzzzzz").contains("not found");
    }

    @Test
    void serve_refuses_to_require_auth_without_an_active_key() {
        assertThat(shell.run("serve", "--require-auth", "--port", "0", "--data-dir", dataDir.toString())).isEqualTo(1);
        assertThat(shell.err()).contains("no active API key").contains("strata keys create --tenant");

        assertThat(shell.run("serve", "--host", "0.0.0.0", "--port", "0", "--data-dir", dataDir.toString())).isEqualTo(1);
        assertThat(shell.err()).contains("--host 0.0.0.0 is not a loopback address");
    }

    @Test
    void a_revoked_only_key_does_not_count_and_an_active_one_lets_the_server_start() {
        StrataSettings required = settings().with(new ServerSettings(GatewaySettings.defaults("127.0.0.1", 0).withRequireAuth(true)));
        try (StrataCore core = StrataCore.open(required, Clock.systemUTC())) {
            var access = core.access().access();
            access.revoke(access.create(dev.strata.domain.memory.Tenant.of("acme"), false, TestActors.OPERATOR_ACTOR).key().id(), TestActors.OPERATOR_ACTOR);
        }
        assertThatThrownBy(() -> Strata.start(required, Clock.systemUTC()))
                .isInstanceOf(Strata.NoActiveKeyException.class);

        try (StrataCore core = StrataCore.open(required, Clock.systemUTC())) {
            core.access().access().create(dev.strata.domain.memory.Tenant.of("acme"), false, TestActors.OPERATOR_ACTOR);
        }
        try (Strata strata = Strata.start(required, Clock.systemUTC())) {
            assertThat(strata.port()).isPositive();
        }
    }

    @Test
    void creating_and_revoking_a_key_at_the_command_line_is_audited_by_the_operator_without_the_token() {
        shell.run("keys", "create", "--tenant", "acme", "--data-dir", dataDir.toString());
        String token = shell.out().strip();
        String id = token.substring("sk_strata_".length(), "sk_strata_".length() + 12);
        shell.run("keys", "revoke", id, "--data-dir", dataDir.toString());

        try (StrataCore core = StrataCore.open(settings(), Clock.systemUTC())) {
            var trail = core.access().audit().find(AuditQuery.of(Tenant.of("acme"), 10)).entries();
            assertThat(trail).extracting(r -> r.entry().action(), r -> r.entry().subject(), r -> r.entry().actor().id())
                    .containsExactly(tuple("key.revoke", "key:" + id, dev.strata.domain.memory.Actor.cli(System.getProperty("user.name")).id()),
                            tuple("key.create", "key:" + id, dev.strata.domain.memory.Actor.cli(System.getProperty("user.name")).id()));
            assertThat(trail.toString()).doesNotContain(token.substring(23));
        }
    }
}
