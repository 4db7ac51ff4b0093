package dev.strata.bootstrap;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.vault.CredentialScrubber;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.assertj.core.api.Assertions.assertThat;

class LogScrubbingTest {

    private static final String SECRET = "sk-log-secret-998877";

    private final List<LogRecord> published = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (isLoggable(record)) {
                published.add(record);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final CredentialScrubber scrubber = new CredentialScrubber();
    private final Logger logger = Logger.getLogger("dev.strata.bootstrap.LogScrubbingTest");

    @BeforeEach
    void addHandler() {
        Logger.getLogger("").addHandler(capture);
        scrubber.register(Tenant.of("acme"), "TOKEN", SECRET);
    }

    @AfterEach
    void removeHandler() {
        Logger.getLogger("").removeHandler(capture);
    }

    @Test
    void messages_parameters_and_exceptions_are_scrubbed() {
        try (LogScrubbing ignored = LogScrubbing.install(scrubber)) {
            logger.log(Level.WARNING, "plain " + SECRET);
            logger.log(Level.WARNING, "param {0} and {1}", new Object[] {SECRET, 42});
            logger.log(Level.SEVERE, "failed", new IllegalStateException("wrapper",
                    new IllegalArgumentException("bad token " + SECRET)));
        }

        assertThat(published).extracting(LogRecord::getMessage).containsExactly(
                "plain [REDACTED:vault:TOKEN]", "param [REDACTED:vault:TOKEN] and 42", "failed");
        Throwable thrown = published.get(2).getThrown();
        assertThat(thrown.toString()).isEqualTo("java.lang.IllegalStateException: wrapper");
        assertThat(thrown.getCause().toString())
                .isEqualTo("java.lang.IllegalArgumentException: bad token [REDACTED:vault:TOKEN]");
        assertThat(thrown.getCause().getStackTrace()).isNotEmpty();
    }

    @Test
    void an_exception_without_secrets_is_kept_as_it_is() {
        IllegalStateException original = new IllegalStateException("harmless");
        try (LogScrubbing ignored = LogScrubbing.install(scrubber)) {
            logger.log(Level.SEVERE, "failed", original);
        }
        assertThat(published.get(0).getThrown()).isSameAs(original);
    }

    @Test
    void closing_restores_the_previous_filter() {
        capture.setFilter(r -> !r.getMessage().contains("drop me"));
        try (LogScrubbing ignored = LogScrubbing.install(scrubber)) {
            logger.warning("drop me " + SECRET);
            logger.warning("keep " + SECRET);
        }
        logger.warning("after " + SECRET);

        assertThat(published).extracting(LogRecord::getMessage)
                .containsExactly("keep [REDACTED:vault:TOKEN]", "after " + SECRET);
        capture.setFilter(null);
    }
}
