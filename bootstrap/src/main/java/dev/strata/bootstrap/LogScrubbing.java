package dev.strata.bootstrap;

import dev.strata.domain.vault.CredentialScrubber;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.logging.Filter;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * Keeps vault secrets out of the logs: a filter on every handler of the root logger formats each
 * record's message (parameters included), redacts registered secrets from it and from the messages of
 * any attached exception, and hands the scrubbed record on. Handler filters see every record that
 * reaches the handler, whichever logger it came from; logger filters would not.
 *
 * <p>Closing restores the handlers' previous filters.
 */
public final class LogScrubbing implements AutoCloseable {

    private final Map<Handler, Filter> previous = new IdentityHashMap<>();

    private LogScrubbing() {
    }

    public static LogScrubbing install(CredentialScrubber scrubber) {
        Objects.requireNonNull(scrubber, "scrubber");
        LogScrubbing installed = new LogScrubbing();
        for (Handler handler : Logger.getLogger("").getHandlers()) {
            Filter before = handler.getFilter();
            installed.previous.put(handler, before);
            handler.setFilter(new ScrubbingFilter(before, scrubber));
        }
        return installed;
    }

    @Override
    public void close() {
        previous.forEach(Handler::setFilter);
        previous.clear();
    }

    static final class ScrubbingFilter implements Filter {

        // Only its formatMessage is used: the parameter substitution and resource lookups JUL applies.
        private static final SimpleFormatter MESSAGES = new SimpleFormatter();

        private final Filter next;
        private final CredentialScrubber scrubber;

        ScrubbingFilter(Filter next, CredentialScrubber scrubber) {
            this.next = next;
            this.scrubber = scrubber;
        }

        @Override
        public boolean isLoggable(LogRecord record) {
            if (next != null && !next.isLoggable(record)) {
                return false;
            }
            String message = MESSAGES.formatMessage(record);
            record.setMessage(scrubber.scrub(message));
            record.setParameters(null);
            record.setResourceBundle(null);
            record.setResourceBundleName(null);
            if (record.getThrown() != null) {
                record.setThrown(scrubbed(record.getThrown()));
            }
            return true;
        }

        private Throwable scrubbed(Throwable t) {
            Throwable cause = t.getCause() == null || t.getCause() == t ? null : scrubbed(t.getCause());
            String text = t.toString();
            String clean = scrubber.scrub(text);
            if (clean.equals(text) && cause == t.getCause()) {
                return t;
            }
            Throwable copy = new ScrubbedThrowable(clean, cause);
            copy.setStackTrace(t.getStackTrace());
            return copy;
        }
    }

    /** Stands in for an exception whose message held a secret; prints as the original's class and message. */
    static final class ScrubbedThrowable extends Throwable {

        private final String text;

        ScrubbedThrowable(String text, Throwable cause) {
            super(text, cause, false, true);
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
