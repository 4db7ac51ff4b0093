package dev.strata.adapters.http.role;

import jakarta.json.bind.annotation.JsonbPropertyOrder;

import java.util.List;

/** What {@code POST /v1/prices} stored: how many points, about which assets. */
@JsonbPropertyOrder({"stored", "assets"})
public record PricesView(int stored, List<String> assets) {
}
