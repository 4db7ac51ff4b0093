package dev.strata.bootstrap;

import dev.strata.bootstrap.server.ServerSettings;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The one fixture that runs a whole {@link Strata} for end-to-end tests: a temporary directory (the
 * database under {@code data/}, the workspace under {@code workspace/}), the server on 127.0.0.1 at a
 * free port with the shipped defaults otherwise, an {@link Http} client on it; all stopped and deleted
 * afterwards. Registered on a static field it lives for the test class, on an instance field for
 * each test:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final StrataServerExtension server = StrataServerExtension.started();          // defaults
 * @RegisterExtension
 * static final StrataServerExtension server =
 *         StrataServerExtension.started(s -> s.with(s.embedding().withProvider(LOCAL)));  // adjusted
 * @RegisterExtension
 * final StrataServerExtension server = StrataServerExtension.startedByTest();            // server.start(...)
 * }</pre>
 *
 * The last form is for tests that prepare something first (a stub model, workspace files, API keys
 * through {@link #open}); it runs before the test's own {@code @BeforeAll}/{@code @BeforeEach}. Engines
 * other than JUnit Jupiter (jqwik) call {@link #prepare()} and {@link #stop()} from their own hooks.
 */
final class StrataServerExtension implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback,
        AfterAllCallback {

    private final Optional<UnaryOperator<StrataSettings>> startWith;
    private final List<AutoCloseable> closeAfterStop = new ArrayList<>();
    private boolean perClass;
    private Path directory;
    private Strata strata;
    private Http http;

    private StrataServerExtension(Optional<UnaryOperator<StrataSettings>> startWith) {
        this.startWith = startWith;
    }

    /** Starts the server with the test defaults before the tests. */
    static StrataServerExtension started() {
        return started(UnaryOperator.identity());
    }

    /** Starts the server with the test defaults changed by {@code adjust} before the tests. */
    static StrataServerExtension started(UnaryOperator<StrataSettings> adjust) {
        return new StrataServerExtension(Optional.of(adjust));
    }

    /** Prepares the directory only: the test calls {@link #start} once it has set up what the server needs. */
    static StrataServerExtension startedByTest() {
        return new StrataServerExtension(Optional.empty());
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        perClass = true;
        prepare();
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        if (!perClass) {
            prepare();
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (!perClass) {
            stop();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        stop();
    }

    /** Creates the temporary directory and, unless the test starts it, the server. */
    void prepare() {
        try {
            directory = Files.createTempDirectory("strata-e2e");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        startWith.ifPresent(this::start);
    }

    /** The shipped defaults on this fixture's directory, on 127.0.0.1 at a free port, changed by {@code adjust}. */
    StrataSettings settings(UnaryOperator<StrataSettings> adjust) {
        return adjust.apply(SettingsLoader.fromDefaults().load()
                .withDataDir(directory.resolve("data"))
                .withWorkspaceDir(directory.resolve("workspace"))
                .with(ServerSettings.on("127.0.0.1", 0)));
    }

    Strata start(UnaryOperator<StrataSettings> adjust) {
        return start(adjust, Clock.systemUTC());
    }

    Strata start(UnaryOperator<StrataSettings> adjust, Clock clock) {
        if (strata != null) {
            throw new IllegalStateException("the server is already running");
        }
        strata = Strata.start(settings(adjust), clock);
        http = new Http(strata.port());
        return strata;
    }

    /** Every area on this fixture's database without a server, e.g. to create API keys before it starts. */
    StrataCore open(UnaryOperator<StrataSettings> adjust) {
        return StrataCore.open(settings(adjust), Clock.systemUTC());
    }

    /** Closes {@code resource} (a stub the server calls) once the server has stopped. */
    <T extends AutoCloseable> T closeAfterStop(T resource) {
        closeAfterStop.add(resource);
        return resource;
    }

    Strata strata() {
        return running(strata);
    }

    Http http() {
        return running(http);
    }

    int port() {
        return strata().port();
    }

    /** The stored {@code embedding_state} of memory {@code id} ("" when there is no such row). */
    String embeddingState(long id) {
        try (Connection c = strata().core().database().connection();
             PreparedStatement ps = c.prepareStatement("SELECT embedding_state FROM memories WHERE id = ?")) {
            ps.setLong(1, id);
            try (ResultSet r = ps.executeQuery()) {
                return r.next() ? r.getString(1) : "";
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The fixture's temporary directory, for files the test puts beside the server's. */
    Path directory() {
        return directory;
    }

    /** Stops the server, closes what was to be closed after it and deletes the directory. */
    void stop() {
        try {
            if (http != null) {
                http.close();
            }
            if (strata != null) {
                strata.close();
            }
            for (AutoCloseable resource : closeAfterStop.reversed()) {
                resource.close();
            }
        } catch (Exception e) {
            throw new IllegalStateException("could not stop the test server", e);
        } finally {
            http = null;
            strata = null;
            closeAfterStop.clear();
            deleteDirectory();
        }
    }

    private void deleteDirectory() {
        if (directory == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            directory = null;
        }
    }

    private static <T> T running(T part) {
        if (part == null) {
            throw new IllegalStateException("the test server is not running");
        }
        return part;
    }
}
