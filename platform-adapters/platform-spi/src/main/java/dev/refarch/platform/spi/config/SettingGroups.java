package dev.refarch.platform.spi.config;

import java.util.List;

/**
 * An adapter's declared settings ({@code vsan.*}, {@code santricity.*}, {@code k8s.*},
 * {@code local.*}), found through {@link java.util.ServiceLoader} so that a runner can check a
 * property by its prefix before anything runs without depending on the adapter: a prefix whose
 * adapter is absent is simply not checked there. Register an implementation in
 * {@code META-INF/services/dev.refarch.platform.spi.config.SettingGroups}.
 */
public interface SettingGroups {

  /** The groups this adapter declares, one per prefix. */
  List<SettingGroup> groups();
}
