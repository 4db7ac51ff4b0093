package dev.strata.application.personalization;

import dev.strata.application.languagemodel.DisabledLanguageModel;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.languagemodel.TokenUsage;
import dev.strata.domain.personalization.KeywordIntentClassifier;
import dev.strata.domain.personalization.TagDimension;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

class IntentGateTest {

    private static final Tenant ACME = Tenant.of("acme");

    /** A model that answers with a function of the request and counts calls. */
    static final class AnsweringModel implements LanguageModel {
        final List<ChatRequest> asked = new ArrayList<>();
        private final Function<ChatRequest, ChatResponse> answer;

        AnsweringModel(Function<ChatRequest, ChatResponse> answer) {
            this.answer = answer;
        }

        @Override
        public ChatResponse chat(ChatRequest request) {
            asked.add(request);
            return answer.apply(request);
        }

        @Override
        public boolean isEnabled() {
            return true;
        }

        @Override
        public String model() {
            return "stub";
        }
    }

    private static ChatResponse dimensions(String... names) {
        List<JsonNode> items = new ArrayList<>();
        for (String n : names) {
            items.add(new JsonNode.TextNode(n));
        }
        return ChatResponse.structured("{}", new JsonNode.ObjectNode(Map.of("dimensions", new JsonNode.ArrayNode(items))),
                TokenUsage.NONE, "stub");
    }

    @Test
    void with_gating_off_no_turn_selects_anything() {
        IntentGate gate = new IntentGate(false, false, new KeywordIntentClassifier(), new DisabledLanguageModel());

        assertThat(gate.enabled()).isFalse();
        assertThat(gate.select(ACME, "should I go all in with leverage?")).isEmpty();
    }

    @Test
    void with_gating_on_the_keyword_rules_pick() {
        IntentGate gate = IntentGate.of(PersonalizationPolicy.defaults().withIntentGating(true),
                new DisabledLanguageModel());

        assertThat(gate.select(ACME, "should I use leverage?")).containsExactly(TagDimension.GREED_INDEX);
        assertThat(gate.select(ACME, "what's the price of ETH")).isEmpty();
    }

    @Test
    void the_model_pass_picks_when_on_and_never_returns_a_core_dimension() {
        AnsweringModel model = new AnsweringModel(r -> dimensions("style", "patience_level"));
        IntentGate gate = new IntentGate(true, true, new KeywordIntentClassifier(), model);

        assertThat(gate.select(ACME, "hmm")).containsExactlyInAnyOrder(TagDimension.STYLE, TagDimension.PATIENCE_LEVEL);
        assertThat(model.asked).singleElement().satisfies(r -> assertThat(r.tenant()).isEqualTo("acme"));
    }

    @Test
    void a_failing_or_disabled_model_falls_back_to_the_rules() {
        IntentGate failing = new IntentGate(true, true, new KeywordIntentClassifier(), new AnsweringModel(r -> {
            throw new UnavailableException("circuit open");
        }));
        IntentGate garbled = new IntentGate(true, true, new KeywordIntentClassifier(),
                new AnsweringModel(r -> dimensions("not_a_dimension")));
        IntentGate disabled = new IntentGate(true, true, new KeywordIntentClassifier(), new DisabledLanguageModel());

        assertThat(failing.select(ACME, "should I use leverage?")).containsExactly(TagDimension.GREED_INDEX);
        assertThat(garbled.select(ACME, "should I use leverage?")).containsExactly(TagDimension.GREED_INDEX);
        assertThat(disabled.select(ACME, "should I use leverage?")).containsExactly(TagDimension.GREED_INDEX);
    }
}
