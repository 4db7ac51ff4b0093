package dev.strata.adapters.http.conversation;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.support.JsonBody;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.Responses;
import dev.strata.application.conversation.AppendMessages;
import dev.strata.application.conversation.ConversationService;
import dev.strata.application.conversation.MessageInput;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.adapters.http.support.Actors;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Conversations over REST, mounted at {@code /v1/conversations}:
 * <pre>
 * POST   /v1/conversations/{id}/messages   {"user_id"?, "messages":[{"id","role","content","timestamp"?}]}
 *                                          -> {"inserted": n, "ignored": m, ...}; a re-sent id is a no-op
 * GET    /v1/conversations/{id}           ?after=&amp;limit=  the conversation and a page of its messages
 * DELETE /v1/conversations/{id}           deletes it with its messages (audited)
 * </pre>
 * A timestamp is an ISO-8601 instant or epoch milliseconds; absent, the time of arrival.
 */
public final class ConversationHttpService implements Resource {

    private static final Set<String> BATCH_FIELDS = Set.of("user_id", "messages");
    private static final Set<String> MESSAGE_FIELDS = Set.of("id", "role", "content", "timestamp");

    private final ConversationService conversations;
    private final GatewaySettings settings;

    public ConversationHttpService(ConversationService conversations, GatewaySettings settings) {
        this.conversations = Objects.requireNonNull(conversations, "conversations");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    @Override
    public String path() {
        return "/v1/conversations";
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/{id}/messages", this::append)
                .get("/{id}", this::get)
                .delete("/{id}", this::delete);
    }

    private void append(ServerRequest req, ServerResponse res) {
        var tenant = Requests.tenant(req);
        JsonBody body = Requests.json(req, settings.maxBatchBodyBytes()).allowOnly(BATCH_FIELDS);
        JsonValue list = body.value("messages").orElseThrow(() -> new InvalidInputException("messages", "is required"));
        if (list.getValueType() != JsonValue.ValueType.ARRAY) {
            throw new InvalidInputException("messages", "must be an array of messages");
        }
        JsonArray array = list.asJsonArray();
        List<MessageInput> messages = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            String element = "messages[" + i + "]";
            if (array.get(i).getValueType() != JsonValue.ValueType.OBJECT) {
                throw new InvalidInputException(element, "must be an object");
            }
            JsonBody m = JsonBody.of(array.get(i).asJsonObject(), element + ".").allowOnly(MESSAGE_FIELDS);
            messages.add(new MessageInput(m.optionalString("id"), m.optionalString("role"), m.optionalString("content"),
                    timestamp(m, element + ".timestamp")));
        }
        Responses.ok(res, AppendedView.of(conversations.append(new AppendMessages(tenant, id(req),
                body.optionalString("user_id"), messages), Actors.of(req))));
    }

    private void get(ServerRequest req, ServerResponse res) {
        Optional<Long> after = Requests.param(req, "after").map(a -> {
            try {
                return Long.parseLong(a.strip());
            } catch (NumberFormatException e) {
                throw new InvalidInputException("after", "must be an integer");
            }
        });
        Responses.ok(res, ConversationView.of(conversations.get(Requests.tenant(req), id(req), after,
                Requests.intParam(req, "limit"))));
    }

    private void delete(ServerRequest req, ServerResponse res) {
        Responses.ok(res, DeletedView.of(conversations.delete(Requests.tenant(req), id(req), Actors.of(req))));
    }

    private static String id(ServerRequest req) {
        return req.path().pathParameters().get("id");
    }

    private static Optional<Instant> timestamp(JsonBody m, String field) {
        return m.value("timestamp").map(v -> switch (v) {
            case JsonString s -> {
                try {
                    yield Instant.parse(s.getString().strip());
                } catch (DateTimeException e) {
                    throw new InvalidInputException(field, "must be an ISO-8601 instant such as 2026-01-05T09:00:00Z "
                            + "or epoch milliseconds");
                }
            }
            case JsonNumber n when n.isIntegral() -> {
                try {
                    yield Instant.ofEpochMilli(n.longValueExact());
                } catch (ArithmeticException | DateTimeException e) {
                    throw new InvalidInputException(field, "is out of range");
                }
            }
            default -> throw new InvalidInputException(field, "must be an ISO-8601 instant or epoch milliseconds");
        });
    }
}
