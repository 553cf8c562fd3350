package dev.refarch.platform.santricity.config;

import dev.refarch.platform.spi.config.SettingGroup;
import dev.refarch.platform.spi.config.SettingGroups;
import java.util.List;

/** This adapter's declared settings, for checks made before anything runs (ServiceLoader). */
public final class SantricitySettingGroups implements SettingGroups {

  @Override
  public List<SettingGroup> groups() {
    return List.of(SantricityKeys.GROUP);
  }
}
