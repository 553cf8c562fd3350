package dev.refarch.platform.local.config;

import dev.refarch.platform.spi.config.SettingGroup;
import dev.refarch.platform.spi.config.SettingGroups;
import java.util.List;

/** This adapter's declared settings, for checks made before anything runs (ServiceLoader). */
public final class LocalSettingGroups implements SettingGroups {

  @Override
  public List<SettingGroup> groups() {
    return List.of(LocalSettings.GROUP);
  }
}
