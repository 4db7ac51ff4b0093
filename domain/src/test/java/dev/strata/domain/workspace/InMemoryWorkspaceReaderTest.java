package dev.strata.domain.workspace;

import java.time.Clock;
import java.util.Map;

class InMemoryWorkspaceReaderTest extends WorkspaceReaderContract {

    @Override
    protected WorkspaceReader readerWith(Map<String, String> files, WorkspaceLimits limits, Clock clock) {
        InMemoryWorkspaceReader reader = new InMemoryWorkspaceReader(limits, clock);
        files.forEach(reader::put);
        return reader;
    }
}
