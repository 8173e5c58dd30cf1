// partition-of PARTITIONS COLUMNS [ROWS]
//
// fastload's reading of a table's partitioning (src/shard/partitioning.h), for
// comparing it with the server's (tests/integration/partitioning.sh).
// PARTITIONS and COLUMNS are what `mariadb --batch --skip-column-names` prints for
//   SELECT HEX(PARTITION_NAME), HEX(PARTITION_METHOD), HEX(SUBPARTITION_METHOD),
//          HEX(PARTITION_EXPRESSION), HEX(PARTITION_DESCRIPTION), PARTITION_ORDINAL_POSITION
//   FROM information_schema.PARTITIONS ... ORDER BY PARTITION_ORDINAL_POSITION, SUBPARTITION_ORDINAL_POSITION
//   SELECT HEX(COLUMN_NAME), HEX(DATA_TYPE), HEX(COLUMN_TYPE), HEX(IS_NULLABLE), HEX(EXTRA)
//   FROM information_schema.COLUMNS ... ORDER BY ORDINAL_POSITION
// (hex, so no value can be mistaken for the NULL that prints SQL NULL).
// Without ROWS, prints "routes by the partitions p0,p1,...", or
// "unsupported: REASON" and exits 3. With ROWS, a file in MySQL's default
// format whose fields are the table's columns, prints a line a row:
// "partition NAME", "none MESSAGE" (no partition) or "refused MESSAGE",
// tab-separated.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "shard/shard.h"
#include "text/text.h"

namespace {

using fastload::shard::ColumnRow;
using fastload::shard::PartitionRow;
using Cells = std::vector<std::optional<std::string>>;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::optional<std::string> unhex(const std::string& cell) {
  if (cell == "NULL") return std::nullopt;
  std::string bytes;
  for (std::size_t i = 0; i + 1 < cell.size(); i += 2)
    bytes += static_cast<char>(std::stoi(cell.substr(i, 2), nullptr, 16));
  return bytes;
}

// Each line's tab-separated cells; the last `plain` cells as they are, the others unhexed.
std::vector<Cells> read_cells(const std::string& path, std::size_t plain) {
  std::vector<Cells> lines;
  std::istringstream text(read_file(path));
  for (std::string line; std::getline(text, line);) {
    std::vector<std::string> raw;
    for (std::size_t begin = 0, tab;; begin = tab + 1) {
      tab = line.find('\t', begin);
      raw.push_back(line.substr(begin, tab - begin));
      if (tab == std::string::npos) break;
    }
    Cells cells;
    for (std::size_t i = 0; i < raw.size(); ++i)
      cells.push_back(i + plain >= raw.size() ? std::optional(raw[i]) : unhex(raw[i]));
    lines.push_back(std::move(cells));
  }
  return lines;
}

std::vector<PartitionRow> partition_rows(const std::string& path) {
  std::vector<PartitionRow> rows;
  for (const Cells& c : read_cells(path, 1))
    rows.push_back({c.at(0), c.at(1), c.at(2), c.at(3), c.at(4),
                    c.at(5) == "NULL" ? std::nullopt : std::optional(std::stoull(*c.at(5)))});
  return rows;
}

std::vector<ColumnRow> column_rows(const std::string& path) {
  std::vector<ColumnRow> rows;
  for (const Cells& c : read_cells(path, 0))
    rows.push_back({c.at(0).value_or(""), c.at(1).value_or(""), c.at(2).value_or(""), c.at(3) == "YES",
                    c.at(4).value_or("")});
  return rows;
}

void print_routes(const fastload::shard::Partitioning& partitioning, const std::string& path) {
  const fastload::text::Dialect dialect;
  const std::string text = read_file(path);
  const fastload::text::RowScanner scanner(dialect);
  fastload::text::FieldParser parser(dialect);
  std::vector<fastload::text::Field> fields, values;
  scanner.for_each_row(text, [&](std::string_view row, std::uint64_t, fastload::text::RowEnd end) {
    fields.clear();
    values.clear();
    parser.parse_row(row, end, fields);
    for (const auto& column : partitioning.columns()) values.push_back(fields.at(column.table_index));
    const fastload::shard::RowRoute routed = partitioning.route(values);
    if (const auto* partition = std::get_if<std::uint32_t>(&routed)) {
      std::cout << "partition\t" << partitioning.partitions()[*partition] << '\n';
    } else {
      const auto& refusal = std::get<fastload::shard::RowRefusal>(routed);
      std::cout << (refusal.kind == fastload::shard::RowRefusal::Kind::kNoPartition ? "none\t" : "refused\t")
                << refusal.message << '\n';
    }
    parser.clear();
    return true;
  });
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3 && argc != 4) {
    std::cerr << "usage: partition-of PARTITIONS COLUMNS [ROWS]\n";
    return 2;
  }
  try {
    auto described = fastload::shard::describe(partition_rows(argv[1]), column_rows(argv[2]));
    if (const auto* unsupported = std::get_if<fastload::shard::Unsupported>(&described)) {
      std::cout << "unsupported: " << unsupported->reason << '\n';
      return 3;
    }
    const auto& partitioning = std::get<fastload::shard::Partitioning>(described);
    if (argc == 4) {
      print_routes(partitioning, argv[3]);
    } else {
      std::cout << "routes by the partitions";
      for (std::size_t i = 0; i < partitioning.partitions().size(); ++i)
        std::cout << (i ? "," : " ") << partitioning.partitions()[i];
      std::cout << '\n';
    }
  } catch (const std::exception& e) {
    std::cerr << "partition-of: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
