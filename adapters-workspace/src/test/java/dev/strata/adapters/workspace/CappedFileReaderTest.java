package dev.strata.adapters.workspace;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class CappedFileReaderTest {

    @TempDir
    Path temp;

    @Test
    void a_file_within_the_cap_is_read_whole() throws IOException {
        Path file = Files.writeString(temp.resolve("a.md"), "héllo wörld");

        CappedFileReader.Read read = new CappedFileReader(1_000).read(file);

        assertThat(read).isEqualTo(new CappedFileReader.Read("héllo wörld", 13, false, false));
    }

    @Test
    void invalid_utf8_is_replaced_not_fatal() throws IOException {
        byte[] bytes = {'o', 'k', ' ', (byte) 0xC3, (byte) 0x28, ' ', (byte) 0xFF, ' ', 'e', 'n', 'd'};
        Path file = Files.write(temp.resolve("bad.md"), bytes);

        CappedFileReader.Read read = new CappedFileReader(1_000).read(file);

        assertThat(read.malformed()).isTrue();
        assertThat(read.text()).startsWith("ok ").endsWith(" end").contains("\uFFFD");
    }

    @Test
    void a_file_over_the_cap_is_read_as_head_and_tail_cut_on_character_boundaries() throws IOException {
        String text = "ä".repeat(5_000) + "MIDDLE" + "ö".repeat(5_000);
        Path file = Files.writeString(temp.resolve("big.md"), text);

        CappedFileReader.Read read = new CappedFileReader(901).read(file);

        assertThat(read.byteCapped()).isTrue();
        assertThat(read.malformed()).isFalse();
        assertThat(read.sizeBytes()).isEqualTo(text.getBytes(StandardCharsets.UTF_8).length);
        String[] parts = read.text().split("\n");
        assertThat(parts).hasSize(2);
        assertThat(parts[0]).matches("ä+").hasSize(350);
        assertThat(parts[1]).matches("ö+").hasSize(100);
    }

    @Test
    void utf8_boundaries_are_found_for_every_sequence_length() {
        byte[] euroCut = {'a', (byte) 0xE2, (byte) 0x82};
        byte[] euroWhole = {'a', (byte) 0xE2, (byte) 0x82, (byte) 0xAC};
        byte[] emojiCut = {(byte) 0xF0, (byte) 0x9F, (byte) 0x98};

        assertThat(CappedFileReader.completeCharactersEnd(euroCut)).isEqualTo(1);
        assertThat(CappedFileReader.completeCharactersEnd(euroWhole)).isEqualTo(4);
        assertThat(CappedFileReader.completeCharactersEnd(emojiCut)).isZero();
        assertThat(CappedFileReader.firstCharacterStart(new byte[] {(byte) 0x82, (byte) 0xAC, 'b'})).isEqualTo(2);
        assertThat(CappedFileReader.firstCharacterStart(new byte[] {'b'})).isZero();
    }
}
