package dev.strata.application.learning;

import dev.strata.application.memory.MemoryListener;
import dev.strata.application.memory.MemoryWritten;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.learning.AssetClass;
import dev.strata.domain.learning.AssetClassifier;
import dev.strata.domain.learning.AssetSymbol;
import dev.strata.domain.learning.CompiledPage;
import dev.strata.domain.learning.LearnedPreference;
import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.MethodologyFilter;
import dev.strata.domain.learning.MethodologyStore;
import dev.strata.domain.learning.PreferenceFilter;
import dev.strata.domain.learning.PreferenceStore;
import dev.strata.domain.learning.ReflectedDecision;
import dev.strata.domain.learning.Trade;
import dev.strata.domain.learning.TradeStore;
import dev.strata.domain.memory.Tenant;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * spec 01's compiled page ({@code memory_compiled_page}, {@code GET /v1/compiled/{entity}}): the
 * byte-deterministic markdown of {@link CompiledPage}, cached for {@code pageCacheTtl} (60 s by
 * default) per tenant and entity, with and without hard constraints. The cache is invalidated by
 * memory writes and by every learning event (trade recorded, trade outcome updated, and the
 * methodology and preference changes that alter what the page may show). The Timeline's reflected role
 * decisions are read on every request (one bounded query) and are part of the cache key, so a reflection
 * stored by the role area shows at once without the role area knowing about this cache.
 */
public final class CompiledPageService implements LearningListener, MemoryListener {

    /** Upper bound on the candidates one page reads; a tenant with more graduated methodologies is unusual. */
    static final int MAX_CANDIDATES = 1_000;

    private final MethodologyStore methodologies;
    private final PreferenceStore preferences;
    private final TradeStore trades;
    private final LearningLoopSettings settings;
    private final Clock clock;
    private final CompiledPageCache cache;
    private final DecisionTimeline decisions;

    public CompiledPageService(MethodologyStore methodologies, PreferenceStore preferences, TradeStore trades,
                               LearningLoopSettings settings, Clock clock) {
        this(methodologies, preferences, trades, settings, clock, DecisionTimeline.NONE);
    }

    /** @param decisions the role area's reflected decisions about an asset, for the Timeline */
    public CompiledPageService(MethodologyStore methodologies, PreferenceStore preferences, TradeStore trades,
                               LearningLoopSettings settings, Clock clock, DecisionTimeline decisions) {
        this.decisions = Objects.requireNonNull(decisions, "decisions");
        this.methodologies = Objects.requireNonNull(methodologies, "methodologies");
        this.preferences = Objects.requireNonNull(preferences, "preferences");
        this.trades = Objects.requireNonNull(trades, "trades");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.cache = new CompiledPageCache(settings.pageCacheTtl(), settings.pageCacheSize());
    }

    /** A rendered page; {@code cached} when it came from the cache (the bytes are the same either way). */
    public record Page(String entity, String markdown, boolean cached) {
    }

    public Page page(Tenant tenant, String entity, boolean includeHardConstraints) {
        if (!settings.compiledPagesEnabled()) {
            throw new UnavailableException("compiled pages are disabled (strata.learning.compiled-pages.enabled)");
        }
        AssetSymbol asset = AssetSymbol.parse("entity", entity);
        List<ReflectedDecision> reflected = settings.timelineSize() == 0 ? List.of()
                : decisions.reflected(tenant, asset, settings.timelineSize());
        String key = CompiledPageCache.key(tenant, asset.key(), includeHardConstraints) + fingerprint(reflected);
        Instant now = clock.instant();
        Optional<String> hit = cache.get(key, now);
        if (hit.isPresent()) {
            return new Page(asset.key(), hit.get(), true);
        }
        long generation = cache.generation(tenant);
        String markdown = render(tenant, asset, includeHardConstraints, reflected);
        cache.put(key, tenant, generation, markdown, now);
        return new Page(asset.key(), markdown, false);
    }

    /** Which reflected decisions a page holds: a stored reflection is never rewritten, so their ids say it. */
    private static String fingerprint(List<ReflectedDecision> reflected) {
        StringBuilder out = new StringBuilder();
        reflected.forEach(d -> out.append(out.isEmpty() ? "|d:" : ",").append(d.entryId()));
        return out.toString();
    }

    private String render(Tenant tenant, AssetSymbol asset, boolean includeHardConstraints,
                          List<ReflectedDecision> reflected) {
        List<Trade> recent = trades.listTrades(tenant, Optional.of(asset), Math.max(1, settings.timelineSize()));
        // The table decides when it knows the asset; otherwise the tenant's own latest trade of it does.
        Optional<AssetClass> assetClass = AssetClassifier.classify(asset)
                .or(() -> recent.stream().findFirst().map(Trade::assetClass));
        List<Methodology> graduated = methodologies.list(tenant, MethodologyFilter.graduated(), MAX_CANDIDATES);
        List<LearnedPreference> constraints = includeHardConstraints
                ? preferences.list(tenant, PreferenceFilter.activeHardConstraints(), MAX_CANDIDATES) : List.of();
        return CompiledPage.render(new CompiledPage.Input(asset, assetClass, graduated, constraints, recent, reflected),
                settings.policy(), new CompiledPage.Options(includeHardConstraints, settings.shadowMode(),
                        settings.timelineSize()));
    }

    public void invalidate(Tenant tenant) {
        cache.invalidate(tenant);
    }

    @Override
    public void onLearning(LearningEvent event) {
        invalidate(event.tenant());
    }

    @Override
    public void onWritten(MemoryWritten event) {
        invalidate(event.memory().tenant());
    }

    /** Pages currently cached (for tests and the health report). */
    public int cachedPages() {
        return cache.size();
    }
}
