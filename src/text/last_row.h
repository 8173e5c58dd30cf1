// The input's last row when no line terminator ends it. LOAD DATA reads the
// fields it has columns for and drops the rest without a warning (the same
// row with its terminator warns 1262), in every dialect, with LOCAL or not
// (docs/design.md#what-fastload-does-not-trust). fastload counts that row's
// fields as a terminated row's, in every mode, before it is sent.
#pragma once

#include <optional>
#include <string_view>

#include "text/dialect.h"
#include "base/base.h"
#include "text/chunk_rows.h"

namespace fastload::text {

// The problem of the last row of `bytes` (the input's last chunk, `rows`
// rows) when it has no line terminator and more fields than `width`;
// nothing otherwise.
std::optional<Problem> unterminated_extra_fields(std::string_view bytes, std::uint64_t rows, const RowWidth& width,
                                                 const Dialect& dialect);

}  // namespace fastload::text
