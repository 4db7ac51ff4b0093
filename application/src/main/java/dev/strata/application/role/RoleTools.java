package dev.strata.application.role;

import dev.strata.application.tool.ToolArguments;
import dev.strata.application.tool.ToolCall;
import dev.strata.application.tool.ToolDefinition;
import dev.strata.application.tool.ToolSchema;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.Classification;
import dev.strata.domain.role.Reflection;
import dev.strata.domain.role.RoleInputs;
import dev.strata.domain.role.RoleMemoryEntry;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import static dev.strata.application.tool.ToolSchema.Type.INTEGER;
import static dev.strata.application.tool.ToolSchema.Type.NUMBER;
import static dev.strata.application.tool.ToolSchema.Type.OBJECT;
import static dev.strata.application.tool.ToolSchema.Type.STRING;

/**
 * Role memory's agent tools (spec 05): record a role's decision, reflect a role now, recall its lessons
 * (or search its entries), push a price. Their data are records of plain values, so no domain record
 * reaches a front end without a view.
 */
public final class RoleTools {

    private RoleTools() {
    }

    /** A recorded decision, as the agent needs it to refer back to it. */
    public record Recorded(long id, String role, Optional<String> asset, String status, Instant createdAt) {
    }

    /** One entry's result in a reflection run. */
    public record EntryResult(long id, String result, Optional<String> classification, String detail) {
    }

    public record Reflected(String role, boolean dropped, String message, long reflected, long lessons,
                            List<EntryResult> entries) {
    }

    public record Lesson(long entryId, String classification, String lesson, Instant reflectedAt) {
    }

    public record Hit(long entryId, String decision, Optional<String> asset, String status,
                      Optional<String> classification, Optional<String> lesson, double score) {
    }

    public record Recalled(String role, Optional<String> query, List<Lesson> lessons, List<Hit> hits,
                           Optional<String> searchMode) {
    }

    public record PricesPushed(int accepted, List<String> assets) {
    }

    public static List<ToolDefinition> definitions(RoleMemoryService roles, RoleReflector reflector,
                                                   PriceService prices) {
        Objects.requireNonNull(roles, "roles");
        Objects.requireNonNull(reflector, "reflector");
        Objects.requireNonNull(prices, "prices");
        return List.of(
                new ToolDefinition("role_record",
                        "Record a decision a declared role just made, so its outcome can later be judged and a lesson "
                                + "learned. A price_delta role needs the asset (here or in inputs).",
                        ToolSchema.builder()
                                .required("role", STRING, "the declared role id, e.g. analysis.valuation.target_price")
                                .required("decision", STRING, "the decision, one or a few sentences")
                                .optional("inputs", OBJECT, "the inputs the decision was made on (a JSON object)")
                                .optional("asset", STRING, "the asset symbol, e.g. BTC")
                                .build(),
                        (call, args) -> recorded(roles.record(new RecordDecision(call.tenant(), args.text("role"),
                                inputs(args), args.text("decision"), args.optionalText("asset")), call.actor()))),
                new ToolDefinition("role_reflect",
                        "Reflect a role's due decisions now: measure outcomes, classify why each turned out as it "
                                + "did and store lessons. Answers the report per entry.",
                        ToolSchema.builder().required("role", STRING, "the declared role id").build(),
                        (call, args) -> reflected(reflector.reflect(call.tenant(), roles.role(args.text("role")).id()))),
                new ToolDefinition("role_recall",
                        "A role's recent lessons; with a query, its matching past decisions and their lessons.",
                        ToolSchema.builder()
                                .required("role", STRING, "the declared role id")
                                .optional("query", STRING, "words to search the role's past decisions for")
                                .optional("limit", INTEGER, "how many lessons or hits (default "
                                        + RoleMemoryService.DEFAULT_LIMIT + ")")
                                .build(),
                        (call, args) -> recalled(roles.recall(call.tenant(), args.text("role"), args.optionalText("query"),
                                args.optionalInt("limit").orElse(RoleMemoryService.DEFAULT_LIMIT)))),
                new ToolDefinition("price_report",
                        "Report a price the agent observed (e.g. from a price tool), so price_delta roles can "
                                + "measure outcomes; it also wakes roles reflecting on_price_fetch.",
                        ToolSchema.builder()
                                .required("asset", STRING, "the asset symbol, e.g. BTC")
                                .required("price", NUMBER, "the price")
                                .optional("at", STRING, "when the price held, an ISO instant (default now)")
                                .optional("source", STRING, "where the price came from (default api)")
                                .build(),
                        (call, args) -> pushed(prices, call, args)));
    }

    private static RoleInputs inputs(ToolArguments args) {
        return args.optionalMetadata("inputs").map(Metadata::json).map(RoleInputs::new).orElse(RoleInputs.EMPTY);
    }

    private static PricesPushed pushed(PriceService prices, ToolCall call, ToolArguments args) {
        Optional<Instant> at = args.optionalText("at").map(text -> {
            try {
                return Instant.parse(text.strip());
            } catch (DateTimeException e) {
                throw new InvalidInputException("at", "must be an ISO-8601 instant such as 2026-03-09T10:00:00Z");
            }
        });
        BigDecimal price = args.decimal("price");
        List<Asset> assets = List.copyOf(prices.pushAll(call.tenant(),
                List.of(new PushPrice(args.text("asset"), price, at, args.optionalText("source"))), call.actor()));
        return new PricesPushed(1, assets.stream().map(Asset::symbol).toList());
    }

    static Recorded recorded(RoleMemoryEntry e) {
        return new Recorded(e.id().value(), e.role().value(), e.asset().map(Asset::symbol), e.status().wireName(),
                e.createdAt());
    }

    static Reflected reflected(ReflectionReport report) {
        List<EntryResult> entries = report.entries().stream().map(r -> new EntryResult(r.id().value(),
                r.result().name().toLowerCase(java.util.Locale.ROOT), r.classification().map(Classification::wireName),
                r.detail())).toList();
        long reflected = report.entries().stream()
                .filter(r -> r.result() == ReflectionReport.Result.REFLECTED).count();
        return new Reflected(report.role().value(), report.dropped(), report.message(), reflected, report.lessons(),
                entries);
    }

    static Recalled recalled(Recall recall) {
        List<Lesson> lessons = recall.lessons().stream().map(l -> new Lesson(l.entry().value(),
                l.classification().wireName(), l.lesson(), l.reflectedAt())).toList();
        List<Hit> hits = recall.hits().stream().map(h -> {
            RoleMemoryEntry e = h.entry();
            return new Hit(e.id().value(), e.decision(), e.asset().map(Asset::symbol), e.status().wireName(),
                    e.reflection().map(Reflection::classification).map(Classification::wireName),
                    e.reflection().flatMap(Reflection::lesson), h.score());
        }).toList();
        return new Recalled(recall.role().id().value(), recall.query(), lessons, hits,
                recall.mode().map(m -> m.name().toLowerCase(java.util.Locale.ROOT)));
    }
}
