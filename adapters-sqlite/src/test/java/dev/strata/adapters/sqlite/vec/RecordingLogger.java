package dev.strata.adapters.sqlite.vec;

import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.ResourceBundle;

/** A System.Logger that keeps what was logged, so tests can count warnings. */
final class RecordingLogger implements System.Logger {

    record Entry(Level level, String message) {
    }

    private final List<Entry> entries = Collections.synchronizedList(new ArrayList<>());

    List<Entry> entries() {
        return List.copyOf(entries);
    }

    List<Entry> at(Level level) {
        return entries().stream().filter(entry -> entry.level() == level).toList();
    }

    @Override
    public String getName() {
        return "recording";
    }

    @Override
    public boolean isLoggable(Level level) {
        return true;
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String message, Throwable thrown) {
        entries.add(new Entry(level, message));
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String format, Object... params) {
        entries.add(new Entry(level, params == null || params.length == 0 ? format : MessageFormat.format(format, params)));
    }
}
