package dev.strata.adapters.workspace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads at most {@code maxBytes} of a file as UTF-8: the whole file when it fits, otherwise its
 * head and its tail (7:2, like the character truncation) joined by a newline, cut on UTF-8
 * character boundaries. Invalid UTF-8 becomes U+FFFD instead of failing the read.
 */
final class CappedFileReader {

    /** What was read. */
    record Read(String text, long sizeBytes, boolean byteCapped, boolean malformed) {
    }

    private final long maxBytes;

    CappedFileReader(long maxBytes) {
        if (maxBytes < 16) {
            throw new IllegalArgumentException("maxBytes must be at least 16");
        }
        this.maxBytes = maxBytes;
    }

    /** Opens {@code file} without following a symlink at the last step (it was resolved already). */
    Read read(Path file) throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            long size = channel.size();
            if (size <= maxBytes) {
                byte[] all = readFully(channel, (int) size);
                Decoded decoded = decode(all, 0, all.length);
                return new Read(decoded.text, size, false, decoded.malformed);
            }
            int headBytes = (int) (maxBytes * 7 / 9);
            int tailBytes = (int) (maxBytes - headBytes);
            byte[] head = readFully(channel, headBytes);
            channel.position(size - tailBytes);
            byte[] tail = readFully(channel, tailBytes);
            int headEnd = completeCharactersEnd(head);
            int tailStart = firstCharacterStart(tail);
            Decoded first = decode(head, 0, headEnd);
            Decoded last = decode(tail, tailStart, tail.length - tailStart);
            return new Read(first.text + "\n" + last.text, size, true, first.malformed || last.malformed);
        }
    }

    private static byte[] readFully(SeekableByteChannel channel, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
            // keep reading: a channel may return fewer bytes than asked
        }
        byte[] bytes = new byte[buffer.position()];
        buffer.flip().get(bytes);
        return bytes;
    }

    private record Decoded(String text, boolean malformed) {
    }

    private static Decoded decode(byte[] bytes, int offset, int length) throws CharacterCodingException {
        try {
            return new Decoded(decoder(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, offset, length)).toString(), false);
        } catch (CharacterCodingException malformed) {
            CharBuffer replaced = decoder(CodingErrorAction.REPLACE).decode(ByteBuffer.wrap(bytes, offset, length));
            return new Decoded(replaced.toString(), true);
        }
    }

    private static CharsetDecoder decoder(CodingErrorAction action) {
        return StandardCharsets.UTF_8.newDecoder().onMalformedInput(action).onUnmappableCharacter(action);
    }

    /** The end of the last complete UTF-8 sequence, so a cut does not invent a malformed character. */
    static int completeCharactersEnd(byte[] bytes) {
        int lead = bytes.length - 1;
        while (lead >= 0 && lead > bytes.length - 4 && isContinuation(bytes[lead])) {
            lead--;
        }
        if (lead < 0) {
            return bytes.length;
        }
        int expected = sequenceLength(bytes[lead]);
        return lead + expected > bytes.length ? lead : bytes.length;
    }

    /** The first byte that starts a UTF-8 sequence (at most three continuation bytes are skipped). */
    static int firstCharacterStart(byte[] bytes) {
        int start = 0;
        while (start < bytes.length && start < 3 && isContinuation(bytes[start])) {
            start++;
        }
        return start;
    }

    private static boolean isContinuation(byte b) {
        return (b & 0xC0) == 0x80;
    }

    private static int sequenceLength(byte lead) {
        if ((lead & 0x80) == 0) {
            return 1;
        }
        if ((lead & 0xE0) == 0xC0) {
            return 2;
        }
        if ((lead & 0xF0) == 0xE0) {
            return 3;
        }
        if ((lead & 0xF8) == 0xF0) {
            return 4;
        }
        return 1;
    }
}
