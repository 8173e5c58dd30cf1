// parquet-cat FILE: FILE's rows as parquet::append_text writes them (a nested field as NestedRows' JSON text),
// one a line, a value a top-level field, separated by TAB, NULL as \N and \, TAB, LF and NUL escaped (LOAD
// DATA's default text; a row NestedRows refuses as "!refused: why"); parquet-cat --schema FILE: one line a
// leaf column (name, physical type, logical type, optional or required, nested or flat); parquet-cat --count FILE: its
// values decoded, only the row count printed. For the Parquet reader's
// test, which compares this with what the writers' own readers read.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "parquet/parquet.h"

using namespace fastload;

namespace {

std::string logical_name(const parquet::Logical& l) {
  using Kind = parquet::Logical::Kind;
  static constexpr const char* units[] = {"millis", "micros", "nanos"};
  switch (l.kind) {
    case Kind::none: return "none";
    case Kind::string: return "string";
    case Kind::enum_text: return "enum";
    case Kind::json: return "json";
    case Kind::bson: return "bson";
    case Kind::uuid: return "uuid";
    case Kind::decimal: return "decimal(" + std::to_string(l.precision) + "," + std::to_string(l.scale) + ")";
    case Kind::date: return "date";
    case Kind::time:
    case Kind::timestamp:
      return std::string(l.kind == Kind::time ? "time(" : "timestamp(") + units[static_cast<int>(l.unit)] +
             (l.utc ? ",utc)" : ")");
    case Kind::integer: return (l.is_signed ? "int" : "uint") + std::to_string(l.bit_width);
    case Kind::float16: return "float16";
    case Kind::unknown: return "unknown";
    case Kind::other: return "other(" + l.name + ")";
  }
  return "?";
}

// Escapes out[from, end) in place: rarely needed, so the text is first appended as it is.
void escape_tail(std::string& out, std::size_t from) {
  std::size_t special = from;
  auto plain = [](unsigned char c) { return c > '\\' || (c != '\\' && c != '\t' && c != '\n' && c != '\0'); };
  while (special < out.size() && plain(static_cast<unsigned char>(out[special]))) ++special;
  if (special == out.size()) return;
  std::string tail = out.substr(special);
  out.resize(special);
  for (char c : tail) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '\0': out += "\\0"; break;
      default: out += c;
    }
  }
}

std::string_view map_file(const char* path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0) throw Failure(ExitCode::input, std::string(path) + ": " + std::strerror(errno));
  struct stat st{};
  fstat(fd, &st);
  if (st.st_size == 0) {
    close(fd);
    return {};
  }
  void* p = mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (p == MAP_FAILED) throw Failure(ExitCode::input, std::string(path) + ": cannot map it");
  return {static_cast<const char*>(p), static_cast<std::size_t>(st.st_size)};
}

void print_schema(const parquet::File& file) {
  for (const parquet::Column& c : file.columns())
    std::printf("%s\t%s\t%s\t%s\t%s\n", c.name.c_str(), parquet::physical_name(c.physical).c_str(),
                logical_name(c.logical).c_str(), c.optional ? "optional" : "required", c.nested ? "nested" : "flat");
}

// --count: every column of every row group decoded, nothing written but the row count (to time the decoding).
void count_rows(const parquet::File& file) {
  parquet::Values values;
  std::uint64_t rows = 0;
  for (std::size_t g = 0; g < file.row_groups().size(); ++g) {
    for (std::size_t c = 0; c < file.columns().size(); ++c) file.read_values(g, c, values);
    rows += file.row_groups()[g].rows;
  }
  std::printf("%llu\n", static_cast<unsigned long long>(rows));
}

void print_rows(const parquet::File& file) {
  const std::vector<parquet::Field>& fields = file.fields();
  std::vector<parquet::Values> values(fields.size());
  std::vector<parquet::NestedRows> nested(fields.size());
  std::vector<bool> bytes;
  for (const parquet::Field& f : fields) {
    const parquet::Column& c = file.columns()[f.shape.column];
    bytes.push_back(f.nested || c.physical == parquet::Physical::byte_array ||
                    c.physical == parquet::Physical::fixed_len_byte_array);
  }
  std::string out, why;
  for (std::size_t g = 0; g < file.row_groups().size(); ++g) {
    for (std::size_t f = 0; f < fields.size(); ++f) {
      if (fields[f].nested) nested[f].read(file, g, f);
      else file.read_values(g, fields[f].shape.column, values[f]);
    }
    for (std::uint64_t row = 0; row < file.row_groups()[g].rows; ++row) {
      why.clear();
      const std::size_t row_at = out.size();
      for (std::size_t f = 0; f < fields.size(); ++f) {
        if (f) out += '\t';
        std::size_t from = out.size();
        if (fields[f].nested) {
          if (!nested[f].next(out, why)) {
            out += "\\N";
            continue;
          }
        } else if (values[f].is_null(row)) {
          out += "\\N";
          continue;
        } else {
          parquet::append_text(file.columns()[fields[f].shape.column], values[f], row, out);
        }
        if (bytes[f]) escape_tail(out, from);  // numbers, dates and times need none
      }
      if (!why.empty()) {
        out.resize(row_at);
        out += "!refused: " + why;
      }
      out += '\n';
      if (out.size() > (1 << 16)) {
        std::fwrite(out.data(), 1, out.size(), stdout);
        out.clear();
      }
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
}

}  // namespace

int main(int argc, char** argv) {
  bool schema = argc == 3 && std::strcmp(argv[1], "--schema") == 0;
  bool count = argc == 3 && std::strcmp(argv[1], "--count") == 0;
  if (argc != 2 && !schema && !count) {
    std::fprintf(stderr, "usage: parquet-cat [--schema | --count] FILE\n");
    return 2;
  }
  const char* path = argv[argc - 1];
  try {
    parquet::File file(map_file(path), path);
    if (schema) print_schema(file);
    else if (count) count_rows(file);
    else print_rows(file);
  } catch (const Failure& f) {
    std::fflush(stdout);
    std::fprintf(stderr, "fastload: %s\n", f.what());
    return static_cast<int>(f.code());
  }
  return 0;
}
