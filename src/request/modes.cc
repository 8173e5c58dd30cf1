#include "request/modes.h"

#include <algorithm>

#include "base/base.h"
#include "text/text.h"

namespace fastload::request {
namespace {

using enum SinkKind;

// One row a mode, in Mode order (checked by the unit tests).
// name, help, sink, rows a statement, probe, whole_file, server_reads_file, batches, array_binding, bulk_path,
// chosen.
const std::vector<ModeTraits> kModes{
    {Mode::automatic, "auto", "default: insert where it costs the table's server least (MariaDB array binding, "
     "InnoDB, rows that fit a packet: measured by bench/mode-shapes.sh), load where an option or a column needs "
     "LOAD DATA; the summary says which and why",
     load_data_local, 0, Probe::load_data, false, false, false, false, false, true},
    {Mode::load, "load", "LOAD DATA LOCAL", load_data_local, 0, Probe::load_data,
     false, false, false, false, false, false},
    {Mode::insert, "insert", "prepared INSERTs", prepared_insert, 0, Probe::prepare_insert,
     false, false, true, true, false, false},
    {Mode::multirow, "multirow", "text multi-row INSERTs", text_insert, 0, Probe::prepare_insert,
     false, false, true, false, false, false},
    {Mode::row, "row", "one INSERT a row", text_insert, 1, Probe::prepare_insert,
     false, false, false, false, false, false},
    {Mode::server, "server", "one LOAD DATA INFILE the server reads itself", load_data_infile, 0, Probe::none,
     true, true, false, false, false, false},
    {Mode::bulk, "bulk", "one LOAD DATA LOCAL in one transaction into an empty InnoDB table, with unique_checks = 0 "
     "and foreign_key_checks = 0, so MariaDB 10.6+ builds each index by sorting; a duplicate in a secondary UNIQUE "
     "index fails the COMMIT without naming its row", load_data_local, 0, Probe::load_data,
     true, false, false, false, true, false},
};

}  // namespace

const std::vector<ModeTraits>& all_modes() { return kModes; }

const ModeTraits& traits(Mode mode) {
  const auto index = static_cast<std::size_t>(mode);
  if (index >= kModes.size() || kModes[index].mode != mode)
    throw Failure(ExitCode::internal, "the mode table has no row for this mode");
  return kModes[index];
}

const ModeTraits* find_mode(std::string_view name) {
  const auto row = std::ranges::find_if(kModes, [&](const ModeTraits& t) { return text::same_name(t.name, name); });
  return row == kModes.end() ? nullptr : &*row;
}

std::string names_of_modes(bool ModeTraits::*trait) {
  std::vector<const char*> names;
  for (const ModeTraits& t : kModes)
    if (t.*trait) names.push_back(t.name);
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i)
    text += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + std::string(names[i]);
  return text;
}

}  // namespace fastload::request
