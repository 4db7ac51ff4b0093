package dev.strata.adapters.workspace;

import dev.strata.domain.workspace.WorkspaceLimits;
import dev.strata.domain.workspace.WorkspaceReader;
import dev.strata.domain.workspace.WorkspaceReaderContract;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

class FileSystemWorkspaceReaderContractTest extends WorkspaceReaderContract {

    @TempDir
    Path workspace;

    @Override
    protected WorkspaceReader readerWith(Map<String, String> files, WorkspaceLimits limits, Clock clock) {
        files.forEach((name, text) -> {
            try {
                Path file = workspace.resolve(name);
                Files.createDirectories(file.getParent());
                Files.writeString(file, text);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return new FileSystemWorkspaceReader(workspace, limits, clock);
    }
}
