package dev.strata.bootstrap.area;

/**
 * The settings of one area, one record per key prefix ({@code strata.x.*}), read by its
 * {@code static XSettings from(ConfigReader)}. The marker lets {@code StrataSettings.with} replace one
 * area's settings without re-listing every other area.
 */
public interface AreaSettings {
}
