// JSON's own tests of a text, shared by the JSON lines reader and the rejects lines (typed/'s own header).
#pragma once

#include <string_view>

namespace fastload::typed {

// Whether `token` is a JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
bool is_json_number(std::string_view token);

}  // namespace fastload::typed
