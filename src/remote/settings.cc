#include "remote/settings.h"

namespace fastload::remote {
namespace {
Settings& the_settings() {
  static Settings s;  // written by configure() before any thread starts; read-only after
  return s;
}
}  // namespace

void configure(Settings settings) { the_settings() = std::move(settings); }
const Settings& settings() { return the_settings(); }

}  // namespace fastload::remote
