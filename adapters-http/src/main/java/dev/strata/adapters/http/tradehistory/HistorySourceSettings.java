package dev.strata.adapters.http.tradehistory;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the history API lives and how it is asked: three paths under one base URL, an optional
 * bearer token, timeouts, and the page size requested ({@code limit}).
 */
public record HistorySourceSettings(URI baseUrl, String subAccountsPath, String perpsFillsPath,
                                    String spotActivitiesPath, Optional<String> bearerToken, Duration connectTimeout,
                                    Duration requestTimeout, int pageSize) {

    public static final int MAX_PAGE_SIZE = 2_000;

    public HistorySourceSettings {
        Objects.requireNonNull(baseUrl, "baseUrl");
        String scheme = baseUrl.getScheme() == null ? "" : baseUrl.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || baseUrl.getHost() == null) {
            throw new IllegalArgumentException("the history source URL must be an absolute http(s) URL: " + baseUrl);
        }
        subAccountsPath = path("subAccountsPath", subAccountsPath);
        perpsFillsPath = path("perpsFillsPath", perpsFillsPath);
        spotActivitiesPath = path("spotActivitiesPath", spotActivitiesPath);
        Objects.requireNonNull(bearerToken, "bearerToken");
        positive("connectTimeout", connectTimeout);
        positive("requestTimeout", requestTimeout);
        if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("the page size must be within 1.." + MAX_PAGE_SIZE);
        }
    }

    /** The documented default paths, timeouts of 5 s and 30 s, pages of 500. */
    public static HistorySourceSettings at(URI baseUrl) {
        return new HistorySourceSettings(baseUrl, "/sub-accounts", "/perps-fills", "/spot-activities", Optional.empty(),
                Duration.ofSeconds(5), Duration.ofSeconds(30), 500);
    }

    public HistorySourceSettings withBearerToken(Optional<String> token) {
        return new HistorySourceSettings(baseUrl, subAccountsPath, perpsFillsPath, spotActivitiesPath, token,
                connectTimeout, requestTimeout, pageSize);
    }

    public HistorySourceSettings withPageSize(int size) {
        return new HistorySourceSettings(baseUrl, subAccountsPath, perpsFillsPath, spotActivitiesPath, bearerToken,
                connectTimeout, requestTimeout, size);
    }

    public HistorySourceSettings withRequestTimeout(Duration timeout) {
        return new HistorySourceSettings(baseUrl, subAccountsPath, perpsFillsPath, spotActivitiesPath, bearerToken,
                connectTimeout, timeout, pageSize);
    }

    private static String path(String name, String path) {
        Objects.requireNonNull(path, name);
        if (!path.startsWith("/") || path.contains("?") || path.contains("#") || path.contains("..")) {
            throw new IllegalArgumentException(name + " must be a path starting with '/' without query: " + path);
        }
        return path;
    }

    private static void positive(String name, Duration d) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive");
        }
    }

    /** Never prints the token. */
    @Override
    public String toString() {
        return "HistorySourceSettings[baseUrl=" + baseUrl + ", paths=" + subAccountsPath + "," + perpsFillsPath + ","
                + spotActivitiesPath + ", bearerToken=" + (bearerToken.isPresent() ? "***" : "none") + ", pageSize="
                + pageSize + "]";
    }
}
