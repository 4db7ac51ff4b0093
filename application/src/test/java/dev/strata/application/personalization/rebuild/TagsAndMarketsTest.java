package dev.strata.application.personalization.rebuild;

import dev.strata.application.memory.WriteMemory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.personalization.NewStrategyRun;
import dev.strata.domain.personalization.StrategyId;
import dev.strata.domain.personalization.TagDimension;
import dev.strata.domain.personalization.TagSource;
import dev.strata.domain.personalization.TagValue;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.personalization.UserTag;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static dev.strata.application.personalization.rebuild.Fixture.ALICE;
import static dev.strata.application.personalization.rebuild.ScriptedModel.array;
import static dev.strata.application.personalization.rebuild.ScriptedModel.object;
import static org.assertj.core.api.Assertions.assertThat;

class TagsAndMarketsTest {

    private static final UserId USER = UserId.DEFAULT;

    private final Fixture f = new Fixture();
    private final ScriptedModel model = new ScriptedModel();
    private final PersonalizationRebuilder rebuilder = f.rebuilder(model);

    private void declare(TagValue value) {
        f.tags.replace(ALICE, Optional.empty(), new UserTag(USER, value, TagSource.USER, f.clock.instant()));
    }

    private Optional<UserTag> tag(TagDimension d) {
        return f.tags.find(ALICE, USER, d);
    }

    private void evidence() {
        f.memories.write(new WriteMemory(ALICE, "personalization", "The user trades memes daily.", Metadata.EMPTY,
                Optional.of(Source.USER_MANUAL), dev.strata.application.provenance.TestOrigins.OPERATOR));
    }

    private static Object tagItem(String dimension, String... values) {
        return object("dimension", dimension, "values", array((Object[]) values));
    }

    @Test
    void inferred_tags_are_written_but_never_over_a_declared_one() {
        evidence();
        declare(TagValue.single(TagDimension.RISK, "conservative", "risk"));
        model.answers(object("tags", array(tagItem("risk", "aggressive"), tagItem("frequency", "daily"),
                tagItem("FOMO Index", "High"))));

        RebuildOutcome outcome = rebuilder.rebuildTags(ALICE, USER, false);

        assertThat(outcome.status()).isEqualTo(RebuildOutcome.Status.REBUILT);
        assertThat(outcome.written()).isEqualTo(2);
        assertThat(outcome.detail()).contains("1 left to the user's declared value");
        assertThat(tag(TagDimension.RISK).orElseThrow().value().first()).isEqualTo("conservative");
        assertThat(tag(TagDimension.RISK).orElseThrow().source()).isEqualTo(TagSource.USER);
        assertThat(tag(TagDimension.FREQUENCY).orElseThrow().source()).isEqualTo(TagSource.INFERRED);
        assertThat(tag(TagDimension.FOMO_INDEX).orElseThrow().value().first()).isEqualTo("High");
        assertThat(model.lastPrompt()).contains("- risk: conservative (declared)").contains("- markets (multi-select");
    }

    @Test
    void one_value_outside_the_schema_refuses_the_whole_answer_before_any_write() {
        evidence();
        model.answers(object("tags", array(tagItem("frequency", "daily"), tagItem("risk", "yolo"))));

        RebuildOutcome outcome = rebuilder.rebuildTags(ALICE, USER, false);

        assertThat(outcome.status()).isEqualTo(RebuildOutcome.Status.FAILED);
        assertThat(outcome.detail()).contains("tags[1].values").contains("no tag was written");
        assertThat(f.tags.all(ALICE, USER)).isEmpty();
    }

    @Test
    void a_dimension_twice_or_two_values_for_a_single_one_are_refused_too() {
        evidence();
        model.answers(object("tags", array(tagItem("frequency", "daily"), tagItem("frequency", "weekly"))));
        assertThat(rebuilder.rebuildTags(ALICE, USER, false).detail()).contains("appears twice");

        f.clock.advance(Duration.ofDays(30));
        model.answers(object("tags", array(tagItem("risk", "balanced", "aggressive"))));
        assertThat(rebuilder.rebuildTags(ALICE, USER, false).detail()).contains("exactly one value");
        assertThat(f.tags.all(ALICE, USER)).isEmpty();
    }

    @Test
    void inferred_markets_only_add_to_the_selection_and_keep_its_source() {
        evidence();
        declare(TagValue.multi(TagDimension.MARKETS, List.of("stocks"), "markets"));
        model.answers(object("tags", array(tagItem("markets", "memes"))));

        rebuilder.rebuildTags(ALICE, USER, false);

        UserTag markets = tag(TagDimension.MARKETS).orElseThrow();
        assertThat(markets.value().values()).containsExactly("memes", "stocks");
        assertThat(markets.source()).isEqualTo(TagSource.USER);
    }

    @Test
    void tags_rebuild_every_thirty_days_and_not_without_evidence() {
        assertThat(rebuilder.rebuildTags(ALICE, USER, false).detail()).contains("no evidence");
        evidence();
        model.answers(object("tags", array()));
        rebuilder.rebuildTags(ALICE, USER, false);
        f.clock.advance(Duration.ofDays(29));

        assertThat(rebuilder.rebuildTags(ALICE, USER, false).detail()).startsWith("cooling down until");
        f.clock.advance(Duration.ofDays(1));
        model.answers(object("tags", array()));
        assertThat(rebuilder.rebuildTags(ALICE, USER, false).status()).isEqualTo(RebuildOutcome.Status.REBUILT);
    }

    @Test
    void the_markets_updater_unites_fills_and_running_strategies_into_the_tag_without_a_model() {
        PersonalizationRebuilder noModel = f.rebuilder(new ScriptedModel(false));
        declare(TagValue.multi(TagDimension.MARKETS, List.of("stocks"), "markets"));
        f.fill(ALICE, "BTC");
        f.fill(ALICE, "kPEPE");
        f.fill(ALICE, "ZZZQ");
        f.strategies.open(ALICE, new NewStrategyRun(USER, StrategyId.of("sol-grid"), new BigDecimal("100"),
                f.clock.instant()));

        RebuildOutcome outcome = noModel.updateMarkets(ALICE, USER, false);

        assertThat(outcome.status()).isEqualTo(RebuildOutcome.Status.REBUILT);
        assertThat(outcome.detail()).contains("1 symbols name no market");
        UserTag markets = tag(TagDimension.MARKETS).orElseThrow();
        assertThat(markets.value().values()).containsExactly("crypto_majors", "crypto_alts", "memes", "stocks");
        assertThat(markets.source()).isEqualTo(TagSource.USER);
    }

    @Test
    void fills_older_than_thirty_days_name_no_market_and_nothing_is_ever_removed() {
        f.fill(ALICE, "NVDA");
        rebuilder.updateMarkets(ALICE, USER, false);
        f.clock.advance(Duration.ofDays(31));
        f.fill(ALICE, "BTC");

        rebuilder.updateMarkets(ALICE, USER, false);

        UserTag markets = tag(TagDimension.MARKETS).orElseThrow();
        assertThat(markets.value().values()).containsExactly("crypto_majors", "stocks");
        assertThat(markets.source()).isEqualTo(TagSource.INFERRED);
    }

    @Test
    void a_nudge_runs_at_most_once_an_hour_and_the_switch_stops_the_updater() {
        f.fill(ALICE, "BTC");
        assertThat(rebuilder.updateMarkets(ALICE, USER, true).status()).isEqualTo(RebuildOutcome.Status.REBUILT);
        f.fill(ALICE, "NVDA");
        f.clock.advance(Duration.ofMinutes(59));

        assertThat(rebuilder.updateMarkets(ALICE, USER, true).detail()).startsWith("cooling down");
        assertThat(rebuilder.updateMarkets(ALICE, USER, false).status()).isEqualTo(RebuildOutcome.Status.REBUILT);
        assertThat(f.rebuilder(model, RebuildPolicy.defaults().withEnabled(false)).updateMarkets(ALICE, USER, false)
                .detail()).contains("MINARA_PERSONALIZATION_REBUILD=disabled");
    }
}
