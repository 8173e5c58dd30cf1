// The format table: one row a format the bytes may be in (row_format.h says what a new one implements).
#include "chunks/row_format.h"

namespace fastload::chunks {

// The formats' own files define these (one file a format); only the table makes them.
std::unique_ptr<RowFormat> make_delimited_text(const RowFormatOptions& options);  // delimited_text.cc

namespace {

constexpr RowFormatKind kRowFormats[] = {
    {kDelimitedText, make_delimited_text},
};

}  // namespace

std::span<const RowFormatKind> row_formats() { return kRowFormats; }

const RowFormatKind* find_row_format(std::string_view name) {
  for (const RowFormatKind& row : kRowFormats)
    if (row.name == name) return &row;
  return nullptr;
}

std::unique_ptr<RowFormat> make_row_format(std::string_view name, const RowFormatOptions& options) {
  const RowFormatKind* row = find_row_format(name);
  if (!row) throw internal_error("no row format is called " + std::string(name));
  return row->make(options);
}

}  // namespace fastload::chunks
