// The sort pass: each mapped file whose rows are out of the table's key order
// is loaded in key order (order/sorter.h), so the server appends to its index
// instead of writing into random pages of it (docs/design.md, "Row order").
#include "run/state.h"

#include <algorithm>
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <variant>

#include "table/clustered_key.h"
#include "table/column_list.h"
#include "text/identifiers.h"

namespace fastload {
namespace {

// Which field of a row fills column `name`; nothing when none does, or --set computes it.
std::optional<std::size_t> key_field(const std::string& name, const Options& options, const load::Target& target) {
  for (const Assignment& a : options.set)
    if (load::same_name(a.column, name)) return std::nullopt;
  return load::field_of(name, target, options);
}

const load::Column* column_named(const load::Target& target, const std::string& name) {
  for (const load::Column& c : target.columns)
    if (load::same_name(c.name, name)) return &c;
  return nullptr;
}

order::KeyPart part_for(const load::Column& column, const load::KeyColumn& key, std::size_t field) {
  static const std::vector<std::string> numbers{"decimal", "float", "double", "real", "numeric"};
  order::KeyPart part{field, order::KeyKind::bytes, false};
  if (column.integer) part.kind = column.is_unsigned ? order::KeyKind::unsigned_integer
                                                     : order::KeyKind::signed_integer;
  else if (std::find(numbers.begin(), numbers.end(), column.type) != numbers.end()) part.kind = order::KeyKind::number;
  else if (!key.collation.empty()) {  // text: a case-insensitive collation folds case; most ignore trailing spaces
    if (key.collation.find("_ci") != std::string::npos) part.kind = order::KeyKind::text_nocase;
    part.pad_space = key.collation.find("nopad") == std::string::npos;
  }
  return part;
}

// The key the rows of this load are sorted by, or why they are not.
std::variant<order::SortKey, std::string> sort_key(const Options& options, RunState& state) {
  if (!options.sort) return std::string("--no-sort");
  if (options.whole_file()) return fmt::format("--mode {} sends the file in one statement", traits(options.mode).name);
  if (state.auto_ids) return std::string("AUTO_INCREMENT ids are numbered in file order");
  const std::optional<load::ClusteredKey> key = load::clustered_key(*state.control, state.target);
  if (!key) return std::string("the table has no primary key and no unique key of NOT NULL columns");
  order::SortKey out;
  std::vector<std::string> names;
  for (const load::KeyColumn& k : key->columns) {
    const load::Column* column = column_named(state.target, k.name);
    const std::optional<std::size_t> field = key_field(k.name, options, state.target);
    if (!column || !field) return fmt::format("no field holds the key column {} as it is", k.name);
    out.parts.push_back(part_for(*column, k, *field));
    names.push_back(k.name);
  }
  out.name = fmt::format("{} ({})", key->index, fmt::join(names, ", "));
  return out;
}

void sort_input(const Options& options, RunState& state, std::size_t index, const order::SortKey& key,
                report::RowOrder& said) {
  Input& input = state.inputs[index];
  const std::vector<Chunk> chunks(state.chunks.begin() + input.first_chunk,
                                  state.chunks.begin() + input.first_chunk + input.chunk_count);
  const order::FileRows rows{input.file->bytes(), &chunks, &options.dialect};
  // A look at a few chunks first: a file out of order is then read once, by the sort, which counts exactly.
  order::OrderFacts facts = order::check_order(rows, key, options.threads, 2 * std::max(options.threads, 2u));
  if (!order::worth_sorting(facts) || options.dry_run) facts = order::check_order(rows, key, options.threads);
  said.rows = facts.rows;
  said.out_of_order = facts.descents;
  said.check_seconds = facts.seconds;
  said.cpu_seconds = facts.cpu_seconds;
  if (!order::worth_sorting(facts)) {
    said.reason = facts.descents == 0 ? "in key order" : "nearly in key order";
    return;
  }
  if (options.dry_run) {
    said.reason = "out of key order: the load would sort it";
    return;
  }
  const order::SortLimits limits{options.sort_memory, options.tmpdir, input.chunk_size, options.threads};
  input.sorted = std::make_unique<order::SortedOrder>(rows, key, limits, index);
  said.rows = input.sorted->facts().rows;
  said.out_of_order = input.sorted->facts().descents;
  said.sorted = true;
  said.reason = "out of key order";
  said.sort_seconds = input.sorted->seconds;
  said.cpu_seconds += input.sorted->cpu_seconds;
  said.spilled_bytes = input.sorted->spilled_bytes();
  said.runs = input.sorted->runs();
}

}  // namespace

void sort_inputs(const Options& options, RunState& state) {
  std::variant<order::SortKey, std::string> key;
  bool known = false;
  std::vector<Chunk> all;
  for (std::size_t i = 0; i < state.inputs.size(); ++i) {
    Input& input = state.inputs[i];
    const std::size_t first = all.size();
    if (input.file && input.chunk_count > 0 && !options.convert_charset) {
      if (!known) key = sort_key(options, state), known = true;
      report::RowOrder said;
      said.file = input.path;
      if (const auto* k = std::get_if<order::SortKey>(&key)) {
        said.key = k->name;
        sort_input(options, state, i, *k, said);
      } else {
        said.reason = std::get<std::string>(key);
      }
      state.summary.row_order.push_back(said);
    }
    if (input.sorted) {
      for (Chunk c : input.sorted->chunks()) all.push_back((c.file = i, c));
    } else {
      all.insert(all.end(), state.chunks.begin() + input.first_chunk,
                 state.chunks.begin() + input.first_chunk + input.chunk_count);
    }
    input.first_chunk = first;
    input.chunk_count = all.size() - first;
  }
  state.chunks = std::move(all);
}

}  // namespace fastload
