/**
 * Role memory over REST: {@link dev.strata.adapters.http.role.RoleHttpService} and its typed views. Renamed
 * view properties carry {@code @JsonbNillable} because {@code @JsonbProperty} alone would drop them when null
 * (its {@code nillable} defaults to false and overrides the gateway's write-nulls setting), and the API
 * promises every field, null or not.
 */
package dev.strata.adapters.http.role;
