package dev.strata.bootstrap.eval;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A LoCoMo-format file (Maharana et al., ACL 2024): conversations of dated sessions of turns, and
 * questions whose evidence names the turns ({@code dia_id}) that answer them.
 */
public final class Locomo {

    private static final Pattern SESSION = Pattern.compile("session_(\\d+)");
    /** LoCoMo's session dates: "1:56 pm on 8 May, 2023". */
    private static final DateTimeFormatter SESSION_DATE = new DateTimeFormatterBuilder().parseCaseInsensitive()
            .appendPattern("h:mm a 'on' d MMMM, uuuu").toFormatter(Locale.ENGLISH)
            .withResolverStyle(ResolverStyle.STRICT);

    private Locomo() {
    }

    /** One dialog turn: what becomes one memory. */
    public record Turn(String diaId, String speaker, String text, String caption, String sessionDate) {

        public Turn {
            Objects.requireNonNull(diaId, "diaId");
            Objects.requireNonNull(speaker, "speaker");
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(caption, "caption");
            Objects.requireNonNull(sessionDate, "sessionDate");
        }
    }

    /**
     * @param evidence the turns that answer it, restricted to turns that exist (malformed ids are dropped)
     * @param category 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial
     */
    public record Question(String text, Set<String> evidence, int category) {

        public Question {
            Objects.requireNonNull(text, "text");
            evidence = Set.copyOf(evidence);
        }
    }

    public record Conversation(String id, List<Turn> turns, List<Question> questions) {

        public Conversation {
            Objects.requireNonNull(id, "id");
            turns = List.copyOf(turns);
            questions = List.copyOf(questions);
        }

        /**
         * When the questions are asked: the start of the day after the last session (the benchmark
         * asks them once the conversation is over, and gives no other date). Empty when no session
         * date reads.
         */
        public Optional<Instant> reference() {
            return turns.stream().map(t -> sessionInstant(t.sessionDate())).flatMap(Optional::stream)
                    .max(Instant::compareTo).map(last -> last.truncatedTo(ChronoUnit.DAYS).plus(1, ChronoUnit.DAYS));
        }
    }

    /** A session date ("1:56 pm on 8 May, 2023") as an instant, read as UTC; empty when it does not read. */
    public static Optional<Instant> sessionInstant(String date) {
        try {
            return Optional.of(LocalDateTime.parse(date.strip(), SESSION_DATE).toInstant(ZoneOffset.UTC));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    public static List<Conversation> read(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8); JsonReader json = Json.createReader(in)) {
            JsonArray all = json.readArray();
            List<Conversation> conversations = new ArrayList<>(all.size());
            for (int i = 0; i < all.size(); i++) {
                conversations.add(conversation(all.getJsonObject(i), i));
            }
            return conversations;
        } catch (RuntimeException e) {
            throw new IOException("not a LoCoMo file: " + file + " (" + e.getMessage() + ")", e);
        }
    }

    private static Conversation conversation(JsonObject sample, int position) {
        String id = sample.getString("sample_id", "conv-" + position);
        JsonObject conversation = sample.getJsonObject("conversation");
        List<Integer> sessions = new ArrayList<>();
        for (String key : conversation.keySet()) {
            Matcher m = SESSION.matcher(key);
            if (m.matches() && conversation.get(key).getValueType() == JsonValue.ValueType.ARRAY) {
                sessions.add(Integer.parseInt(m.group(1)));
            }
        }
        sessions.sort(Integer::compare);
        List<Turn> turns = new ArrayList<>();
        Set<String> ids = new LinkedHashSet<>();
        for (int n : sessions) {
            String date = conversation.getString("session_" + n + "_date_time", "");
            for (JsonValue value : conversation.getJsonArray("session_" + n)) {
                JsonObject turn = value.asJsonObject();
                String diaId = turn.getString("dia_id");
                if (ids.add(diaId)) {
                    turns.add(new Turn(diaId, turn.getString("speaker", ""), turn.getString("text", ""),
                            turn.getString("blip_caption", ""), date));
                }
            }
        }
        List<Question> questions = new ArrayList<>();
        for (JsonValue value : sample.getJsonArray("qa")) {
            JsonObject qa = value.asJsonObject();
            Set<String> evidence = new LinkedHashSet<>();
            if (qa.containsKey("evidence")) {
                for (JsonValue e : qa.getJsonArray("evidence")) {
                    if (e instanceof JsonString s) {
                        for (String part : s.getString().split("[;\\s]+")) {
                            if (ids.contains(part)) {
                                evidence.add(part);
                            }
                        }
                    }
                }
            }
            questions.add(new Question(qa.getString("question"), evidence, qa.getInt("category", 0)));
        }
        return new Conversation(id, turns, questions);
    }
}
