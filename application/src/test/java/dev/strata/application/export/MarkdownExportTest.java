package dev.strata.application.export;

import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.instance.InstanceIdentity;
import dev.strata.domain.learning.AssetClass;
import dev.strata.domain.learning.AssetSymbol;
import dev.strata.domain.learning.EvidenceMerge;
import dev.strata.domain.learning.InMemoryMethodologyStore;
import dev.strata.domain.learning.InMemoryPreferenceStore;
import dev.strata.domain.learning.InMemoryTradeStore;
import dev.strata.domain.learning.LearningPolicy;
import dev.strata.domain.learning.NewMethodology;
import dev.strata.domain.learning.NewPreference;
import dev.strata.domain.learning.NewTrade;
import dev.strata.domain.learning.PreferenceAction;
import dev.strata.domain.learning.PreferenceDimension;
import dev.strata.domain.learning.PreferenceKind;
import dev.strata.domain.learning.PreferenceSource;
import dev.strata.domain.learning.PreferenceStore;
import dev.strata.domain.learning.Provenance;
import dev.strata.domain.learning.TradeSide;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.Classification;
import dev.strata.domain.role.InMemoryRoleMemoryStore;
import dev.strata.domain.role.NewRoleMemoryEntry;
import dev.strata.domain.role.Outcome;
import dev.strata.domain.role.Reflection;
import dev.strata.domain.role.RoleFixtures;
import dev.strata.domain.role.RoleId;
import dev.strata.domain.role.RoleInputs;
import dev.strata.domain.role.RoleMemoryEntry;
import dev.strata.domain.role.RoleRegistry;
import dev.strata.domain.vault.CredentialScrubber;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class MarkdownExportTest {

    private static final Tenant DESK = Tenant.of("desk");
    private static final Tenant OTHER = Tenant.of("other");
    private static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");
    private static final String SECRET = "sk-live-0123456789abcdef";

    private final MutableClock clock = new MutableClock(T0);
    private final InMemoryMethodologyStore methodologies = new InMemoryMethodologyStore();
    private final InMemoryPreferenceStore preferences = new InMemoryPreferenceStore();
    private final InMemoryTradeStore trades = new InMemoryTradeStore(methodologies);
    private final InMemoryRoleMemoryStore roles = new InMemoryRoleMemoryStore();
    private final InMemoryAuditLog audit = new InMemoryAuditLog();
    private final CredentialScrubber scrubber = new CredentialScrubber();
    private final HmacIdentity identity = new HmacIdentity("0123456789abcdef0123456789abcdef");
    private final List<String> pagesAsked = new ArrayList<>();
    private final RoleRegistry registry = RoleRegistry.builder().register(RoleFixtures.thesisReview()).build();

    private MarkdownExport export(AssetPages pages) {
        return new MarkdownExport(methodologies, preferences, trades, roles, registry, pages, identity, scrubber, audit,
                clock);
    }

    private final AssetPages pages = (tenant, asset, hard) -> {
        pagesAsked.add(tenant.value() + " " + asset + " " + hard);
        return "# " + asset + "\n\n## Compiled truth\n" + (hard ? "- hard constraint: Never more than 2x on " + asset
                + "\n" : "");
    };

    /** A graduated-looking methodology, two active preferences (one hard), a reflected decision and a trade. */
    private RoleMemoryEntry seed() {
        methodologies.create(new NewMethodology(DESK, AssetClass.CRYPTO_MAJOR, "Buy the [20%] dip",
                "Buy BTC after a 20% drawdown. Key " + SECRET + " never shared.", Provenance.SEED), 0.5, T0);
        methodologies.create(new NewMethodology(OTHER, AssetClass.STOCKS, "Other tenant's", "Not for desk.",
                Provenance.SEED), 0.5, T0);
        activate(DESK, PreferenceDimension.SLIPPAGE, "Keep slippage under 0.5%", PreferenceKind.NORMAL);
        activate(DESK, PreferenceDimension.LEVERAGE, "Never use more than 2x leverage", PreferenceKind.HARD_CONSTRAINT);
        preferences.propose(new NewPreference(DESK, PreferenceDimension.CHAIN, "Prefers base", PreferenceKind.NORMAL, 3,
                PreferenceSource.MINED), EvidenceMerge.ADD, T0);
        RoleMemoryEntry e = roles.record(new NewRoleMemoryEntry(DESK, RoleId.of("research.thesis"),
                new RoleInputs("{\"note\": \"```json fence```\"}"), "long ETH on the staking thesis", Optional.of(Asset.of("ETH")),
                T0), List.of());
        roles.recordOutcome(DESK, e.id(), new Outcome("ETH fell 20%", Optional.of(new BigDecimal("-20")), "manual", T0), T0);
        roles.reflect(DESK, e.id(), new Reflection(Classification.LOGIC_ERROR, "Ignored the unlock schedule.",
                Optional.of("Read the unlock calendar first."), "stub-model", T0.plusSeconds(60)));
        RoleMemoryEntry pending = roles.record(new NewRoleMemoryEntry(DESK, RoleId.of("research.thesis"), RoleInputs.EMPTY,
                "still pending", Optional.of(Asset.of("SOL")), T0), List.of());
        RoleMemoryEntry removed = roles.record(new NewRoleMemoryEntry(DESK, RoleId.of("research.gone"), RoleInputs.EMPTY,
                "role removed", Optional.of(Asset.of("DOGE")), T0), List.of());
        roles.reflect(DESK, removed.id(), new Reflection(Classification.VARIANCE, "noise", Optional.empty(), "m", T0));
        trades.record(new NewTrade(DESK, AssetSymbol.parse("asset", "BTC"), AssetClass.CRYPTO_MAJOR, TradeSide.LONG,
                BigDecimal.ONE, new BigDecimal("100"), T0, Optional.empty()), Optional.empty(), LearningPolicy.DEFAULTS, T0);
        assertThat(pending.isPending()).isTrue();
        return e;
    }

    private void activate(Tenant tenant, PreferenceDimension dimension, String content, PreferenceKind kind) {
        PreferenceStore.Proposed p = preferences.propose(new NewPreference(tenant, dimension, content, kind, 3,
                PreferenceSource.USER), EvidenceMerge.ADD, T0);
        preferences.transition(tenant, p.preference().id(), PreferenceAction.APPROVE, T0);
    }

    @Test
    void the_tree_holds_the_spec_layout_with_one_trade_case_per_reflected_decision() {
        RoleMemoryEntry reflected = seed();

        ExportBundle bundle = export(pages).export(DESK, ExportOptions.DEFAULTS, Actor.cli("ops"));

        assertThat(bundle.files()).extracting(ExportFile::path).containsExactly("index.md",
                "methodologies/crypto_major/1.md", "preferences/README.md", "preferences/slippage/1.md",
                "trade-cases/" + reflected.id().value() + ".md", "assets/BTC.md", "assets/ETH.md");
        assertThat(bundle.tradeCases()).isEqualTo(1);
        assertThat(bundle.leftOutConstraints()).isEqualTo(1);
        String index = bundle.file("index.md").orElseThrow().text();
        assertThat(index).startsWith("---\nkind: \"strata_export\"\ninstance_id: \"" + identity.instanceId()
                + "\"\nschema_version: 21\ntenant: \"desk\"\n").contains("hard_constraints: \"excluded\"",
                "- [crypto_major / 1: Buy the \\[20%\\] dip](methodologies/crypto_major/1.md)",
                "- [" + reflected.id().value() + ": research.thesis on ETH, logic_error](trade-cases/"
                        + reflected.id().value() + ".md)", "- [BTC](assets/BTC.md)", "(1 hard constraints left out)")
                .doesNotContain("Other tenant", "still pending", "role removed", "signature.txt");
        String tradeCase = bundle.file("trade-cases/" + reflected.id().value() + ".md").orElseThrow().text();
        assertThat(tradeCase).contains("kind: \"trade_case\"", "role: \"research.thesis\"", "asset: \"ETH\"",
                "classification: \"logic_error\"", "outcome_change_percent: \"-20\"", "## Decision\n\nlong ETH on the staking thesis",
                "## Lesson\n\nRead the unlock calendar first.", "Ignored the unlock schedule.", "ETH fell 20%",
                "````json\n{\"note\": \"```json fence```\"}\n````\n");
        assertThat(bundle.file("preferences/README.md").orElseThrow().text()).contains("Hard constraints are EXCLUDED",
                "1 left out");
        assertThat(bundle.files()).noneMatch(f -> f.text().contains("Never use more than 2x"));
        assertThat(pagesAsked).containsExactly("desk BTC false", "desk ETH false");
        assertThat(audit.recent(DESK, 5)).singleElement().satisfies(a -> {
            assertThat(a.action()).isEqualTo("memory.export");
            assertThat(a.detail()).contains("1 trade cases", "hard constraints excluded");
        });
    }

    @Test
    void include_constraints_exports_the_hard_constraint_and_asks_for_pages_with_it() {
        seed();

        ExportBundle bundle = export(pages).export(DESK, new ExportOptions(true, false), Actor.cli("ops"));

        assertThat(bundle.file("preferences/leverage/2.md").orElseThrow().text())
                .contains("preference_kind: \"hard_constraint\"", "Never use more than 2x leverage");
        assertThat(bundle.file("assets/BTC.md").orElseThrow().text()).contains("hard_constraints: \"included\"",
                "- hard constraint: Never more than 2x on BTC");
        assertThat(bundle.file("preferences/README.md").orElseThrow().text()).contains("INCLUDED");
        assertThat(bundle.leftOutConstraints()).isZero();
    }

    @Test
    void every_exported_text_is_scrubbed_of_the_tenants_secrets() {
        seed();
        scrubber.register(DESK, "OPENAI_API_KEY", SECRET);

        ExportBundle bundle = export(pages).export(DESK, new ExportOptions(false, true), Actor.cli("ops"));

        assertThat(bundle.files()).noneMatch(f -> f.text().contains(SECRET));
        assertThat(bundle.file("methodologies/crypto_major/1.md").orElseThrow().text())
                .contains("Key [REDACTED:vault:OPENAI_API_KEY] never shared.");
    }

    @Test
    void a_signed_export_lists_an_hmac_per_file_that_breaks_when_a_file_changes() {
        seed();

        ExportBundle bundle = export(pages).export(DESK, new ExportOptions(false, true), Actor.cli("ops"));

        ExportFile signature = bundle.files().getLast();
        assertThat(signature.path()).isEqualTo("signature.txt");
        assertThat(signature.text()).contains("instance_id: " + identity.instanceId(), "files: 7")
                .doesNotContain(identity.keyHex);
        for (ExportFile f : bundle.files().subList(0, bundle.files().size() - 1)) {
            assertThat(signature.text()).contains(identity.hmac(f.path() + "\n" + f.text()) + "  " + f.path() + "\n");
            assertThat(f.text()).doesNotContain(identity.keyHex);
        }
        ExportFile index = bundle.file("index.md").orElseThrow();
        assertThat(signature.text()).doesNotContain(identity.hmac(index.path() + "\n" + index.text() + " "));
        assertThat(index.text()).contains("signed: true");
    }

    @Test
    void pages_that_cannot_be_compiled_are_left_out_and_the_index_says_why() {
        seed();

        ExportBundle bundle = export((t, a, h) -> {
            throw new UnavailableException("compiled pages are disabled (strata.learning.compiled-pages.enabled)");
        }).export(DESK, ExportOptions.DEFAULTS, Actor.cli("ops"));

        assertThat(bundle.assets()).isZero();
        assertThat(bundle.files()).noneMatch(f -> f.path().startsWith("assets/"));
        assertThat(bundle.file("index.md").orElseThrow().text()).contains("## Assets (0)",
                "some pages could not be compiled: compiled pages are disabled");
    }

    @Test
    void an_empty_tenant_exports_an_index_and_the_preferences_banner() {
        ExportBundle bundle = export(pages).export(Tenant.of("empty"), ExportOptions.DEFAULTS, Actor.cli("ops"));

        assertThat(bundle.files()).extracting(ExportFile::path).containsExactly("index.md", "preferences/README.md");
        assertThat(bundle.file("index.md").orElseThrow().text()).contains("## Trade cases (0)", "(none)");
    }

    @Test
    void stored_text_cannot_break_out_of_frontmatter_links_or_fences() {
        assertThat(Markdown.quote("a\"b\\c\nd\u0001")).isEqualTo("\"a\\\"b\\\\c\\nd\\u0001\"");
        assertThat(Markdown.inline("x](evil)\n[y")).isEqualTo("x\\](evil) \\[y");
        assertThat(Markdown.fenced("", "a ````` b")).startsWith("``````\n").endsWith("\n``````\n");
    }

    /** HMAC-SHA256 under a fixed key, the way the SQLite adapter signs. */
    private static final class HmacIdentity implements InstanceIdentity {
        final String keyHex;

        HmacIdentity(String keyHex) {
            this.keyHex = keyHex;
        }

        @Override
        public String instanceId() {
            return keyHex.substring(0, 16).replace('0', 'f');
        }

        @Override
        public String sign(byte[] data) {
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(HexFormat.of().parseHex(keyHex), "HmacSHA256"));
                return HexFormat.of().formatHex(mac.doFinal(data));
            } catch (java.security.GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }

        String hmac(String text) {
            return sign(text.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public int schemaVersion() {
            return 21;
        }
    }
}
