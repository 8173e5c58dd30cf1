// The little of XML that S3's answers need: the text of named elements (ListObjectsV2's keys and tokens, an
// error's Code and Message), entities decoded. S3's bodies are flat and machine-written; no schema is checked.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fastload::remote {

// The text of every <name> element in `body`, in order, decoded.
std::vector<std::string> xml_elements(std::string_view body, std::string_view name);
// The first one's, or empty when there is none.
std::string xml_element(std::string_view body, std::string_view name);

}  // namespace fastload::remote
