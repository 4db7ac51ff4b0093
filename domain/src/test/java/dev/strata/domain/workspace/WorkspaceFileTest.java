package dev.strata.domain.workspace;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class WorkspaceFileTest {

    private static WorkspaceFile memory(String text) {
        return new WorkspaceFile(WorkspaceKind.MEMORY, "MEMORY.md", Optional.empty(), text, false, List.of());
    }

    @Test
    void hermes_files_are_read_as_entries_between_section_signs() {
        WorkspaceFile file = memory("User prefers dark mode\n§\nProject uses pytest\nand tox\n§\n\n§\nLast entry");

        assertThat(file.isEntryList()).isTrue();
        assertThat(file.entries()).containsExactly("User prefers dark mode", "Project uses pytest\nand tox", "Last entry");
    }

    @Test
    void a_plain_markdown_file_is_one_entry() {
        WorkspaceFile file = memory("# Memory\n\n- a § inside a line is text");

        assertThat(file.isEntryList()).isFalse();
        assertThat(file.entries()).containsExactly("# Memory\n\n- a § inside a line is text");
    }
}
