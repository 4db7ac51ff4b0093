package dev.strata.application.memory;

import dev.strata.domain.memory.Memory;

/** Event: a memory was committed (inserted or its content changed). Listeners run after the commit. */
public record MemoryWritten(Memory memory) {
}
